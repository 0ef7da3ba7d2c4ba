import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../temp-dir.js'
import { toolhost } from './cli-process.js'

describe('tools call by hand', () => {
  it('edits and overwrites an existing file without an earlier read', async () => {
    const cwd = tempDir('toolhost-direct-')
    writeFileSync(join(cwd, 'notes.txt'), 'colour: red\n')
    writeFileSync(
      join(cwd, 'writer.json'),
      JSON.stringify({ schemaVersion: 1, id: 'writer', permissions: { allow: ['builtin:workspace.*'] } }),
    )
    const common = ['--profile', 'writer.json', '--data-dir', join(cwd, 'data')]
    const edited = await toolhost(cwd, [
      'tools',
      'call',
      'workspace.edit',
      JSON.stringify({ file_path: 'notes.txt', old_string: 'red', new_string: 'blue' }),
      ...common,
    ])
    expect(edited.stderr).toBe('')
    expect(edited.code).toBe(0)
    expect(readFileSync(join(cwd, 'notes.txt'), 'utf8')).toBe('colour: blue\n')
    const written = await toolhost(cwd, [
      'tools',
      'call',
      'workspace_write_file',
      JSON.stringify({ file_path: 'notes.txt', content: 'colour: green\n' }),
      ...common,
    ])
    expect(written.code).toBe(0)
    expect(readFileSync(join(cwd, 'notes.txt'), 'utf8')).toBe('colour: green\n')
  }, 60_000)
})
