import { constants } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { refusedAction } from './sqlite-authorizer.js'
import { hasMoreStatements } from './sqlite-runner.js'

describe('the SQLite authorizer', () => {
  it('allows reading only', () => {
    expect(refusedAction(constants.SQLITE_SELECT, null, null)).toBeUndefined()
    expect(refusedAction(constants.SQLITE_READ, 't', 'a')).toBeUndefined()
    expect(refusedAction(constants.SQLITE_FUNCTION, null, 'lower')).toBeUndefined()
    expect(refusedAction(constants.SQLITE_PRAGMA, 'table_info', 't')).toBeUndefined()
    expect(refusedAction(constants.SQLITE_INSERT, 't', null)).toEqual({ kind: 'write', action: 'a write' })
    expect(refusedAction(constants.SQLITE_ATTACH, '/x.db', null)?.action).toMatch(/^ATTACH/)
    expect(refusedAction(constants.SQLITE_PRAGMA, 'query_only', 'OFF')?.action).toBe('PRAGMA query_only')
    expect(refusedAction(constants.SQLITE_FUNCTION, null, 'LOAD_EXTENSION')?.action).toBe(
      'the function load_extension()',
    )
    expect(refusedAction(999, null, null)?.kind).toBe('other')
  })
})

describe('statements after the first', () => {
  it('are found after the text SQLite compiled; comments and semicolons are not statements', () => {
    expect(hasMoreStatements('SELECT 1', 'SELECT 1')).toBe(false)
    expect(hasMoreStatements('SELECT 1; -- done\n ; /* end */', 'SELECT 1;')).toBe(false)
    expect(hasMoreStatements('SELECT 1; /* unclosed', 'SELECT 1;')).toBe(false)
    expect(hasMoreStatements('SELECT 1; DELETE FROM t', 'SELECT 1;')).toBe(true)
    expect(hasMoreStatements('SELECT 1; /* x */ DELETE FROM t', 'SELECT 1;')).toBe(true)
    expect(hasMoreStatements('SELECT 1', 'SELECT 2')).toBe(true)
  })
})
