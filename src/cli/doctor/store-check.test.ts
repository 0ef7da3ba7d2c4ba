import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { openStore } from '../../store/open-store.js'
import { migrations } from '../../store/migrations.js'
import { tempDir } from '../../../test/temp-dir.js'
import { storeCheck } from './store-check.js'

const latest = migrations.at(-1)?.version ?? 0

describe('storeCheck', () => {
  it('says a data directory without a store gets one at the first run, and creates nothing', () => {
    const dir = tempDir('toolhost-store-check-')
    expect(storeCheck(dir)).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^no store yet/) })
    expect(storeCheck(dir).status).toBe('ok')
  })

  it('reports a current store with its schema version and integrity', () => {
    const dir = tempDir('toolhost-store-check-')
    openStore(dir).close()
    expect(storeCheck(dir)).toEqual({
      name: 'store',
      status: 'ok',
      detail: `${join(dir, 'toolhost.db')}: schema version ${latest} (current), integrity ok`,
    })
  })

  it('fails a store written by a newer toolhost, and says what to do', () => {
    const dir = tempDir('toolhost-store-check-')
    openStore(dir).close()
    const db = new DatabaseSync(join(dir, 'toolhost.db'))
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(latest + 1, 'x', 0)
    db.close()
    expect(storeCheck(dir)).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining(
        `schema version ${latest + 1}, newer than this toolhost knows (${latest}): upgrade toolhost`,
      ),
    })
  })

  it('fails a file that is not a toolhost store, and one that is not a database', () => {
    const foreign = tempDir('toolhost-store-check-')
    const db = new DatabaseSync(join(foreign, 'toolhost.db'))
    db.exec('CREATE TABLE t (x)')
    db.close()
    expect(storeCheck(foreign)).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/is not a toolhost store/),
    })
    const garbage = tempDir('toolhost-store-check-')
    writeFileSync(join(garbage, 'toolhost.db'), 'this is not SQLite, only text that is long enough to have a header')
    expect(storeCheck(garbage).status).toBe('fail')
  })
})
