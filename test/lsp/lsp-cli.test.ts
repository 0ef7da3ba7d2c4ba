import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { toolhost } from '../cli/cli-process.js'
import { fixtureProject, processesIn } from './lsp-fixture.js'

describe('toolhost tools call lsp.*', () => {
  it('answers a definition through the real TypeScript language server and ends', async () => {
    const cwd = fixtureProject('toolhost-lsp-cli-')
    writeFileSync(
      join(cwd, 'p.json'),
      JSON.stringify({
        schemaVersion: 2,
        id: 'p',
        lsp: { servers: { typescript: {} }, requestTimeoutSec: 300 },
        permissions: { allow: ['builtin:lsp.*'] },
      }),
    )
    const result = await toolhost(cwd, [
      'tools',
      'call',
      'lsp.definition',
      JSON.stringify({ file_path: 'src/report.ts', line: 4, column: 10 }),
      '--profile',
      'p.json',
      '--data-dir',
      join(cwd, '.toolhost'),
    ])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('src/greet.ts:2:17: export function greet(name: string): string {')
    // The command closed its language server on the way out.
    expect(processesIn(cwd)).toEqual([])
  }, 360_000)

  it('is not offered by a profile without language servers', async () => {
    const cwd = fixtureProject('toolhost-lsp-cli-')
    const result = await toolhost(cwd, [
      'tools',
      'call',
      'lsp.hover',
      JSON.stringify({ file_path: 'src/report.ts', line: 4, column: 10 }),
      '--data-dir',
      join(cwd, '.toolhost'),
    ])
    expect(result.code).not.toBe(0)
    expect(result.stdout + result.stderr).toContain('lsp.hover')
    expect(result.stdout).not.toContain('greet(')
  }, 120_000)
})
