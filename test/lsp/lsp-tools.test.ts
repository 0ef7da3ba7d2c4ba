import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import { parseProfile } from '../../src/profile/load-profile.js'
import { runningLanguageServers, stopLanguageServers } from '../../src/tools/lsp/index.js'
import { fixtureProject, isRunning, processTree, waitFor } from './lsp-fixture.js'

/**
 * The lsp tools against the real typescript-language-server on the fixture project: a function
 * `greet` defined in src/greet.ts and used in src/app.ts and src/report.ts, and a known error in
 * src/broken.ts (not every path of `sign` returns, which the project's tsconfig reports).
 */

// The first answer waits for the project to load, which takes long on a busy machine.
const profile = parseProfile({
  schemaVersion: 2,
  id: 'lsp',
  lsp: { servers: { typescript: {} }, requestTimeoutSec: 300 },
  permissions: { allow: ['builtin:lsp.*'] },
})
let project: string
let host: ToolHost
beforeAll(async () => {
  project = fixtureProject()
  host = await createToolHost({
    dataDir: join(project, '.toolhost'),
    workspaceDir: project,
    processDirs: [],
    watchProcessTools: false,
  })
})
afterAll(async () => {
  await host.close()
  await stopLanguageServers()
})

interface Result {
  readonly isError: boolean
  readonly errorCode?: string
  readonly text: string
  readonly structured?: Record<string, unknown>
}

/** Runs one turn of calls through the host, as the agent loop does. */
async function turn(
  calls: readonly { name: string; args: Record<string, unknown> }[],
  using = profile,
): Promise<Result[]> {
  const invocation = await host.createInvocation({ scope: 'session', protocol: 'openai-chat', profile: using })
  const results = await invocation.executeTurn({
    calls: calls.map((call, i) => ({ callId: `c${i}`, name: call.name, arguments: call.args })),
  })
  return results.map((r) => ({
    isError: r.isError,
    ...(r.errorCode !== undefined && { errorCode: r.errorCode }),
    text: r.content,
    ...(r.structured !== undefined && { structured: r.structured }),
  }))
}

async function call(name: string, args: Record<string, unknown>): Promise<Result> {
  const [result] = await turn([{ name, args }])
  if (result === undefined) throw new Error('no result')
  return result
}

describe('lsp tools on a TypeScript project', () => {
  it('reports the known error of a file with its position and code', async () => {
    const result = await call('lsp_diagnostics', { file_path: 'src/broken.ts' })
    expect(result.isError, result.text).toBe(false)
    expect(result.text).toMatch(/^src\/broken\.ts: 1 error, 0 warnings/)
    expect(result.text).toMatch(/error 2:17 \[typescript 7030\] Not all code paths return a value/)
    expect(result.structured).toMatchObject({ errors: 1, warnings: 0 })
  })

  it('reports a clean file as clean', async () => {
    const result = await call('lsp_diagnostics', { file_path: 'src/report.ts' })
    expect(result.isError, result.text).toBe(false)
    expect(result.text).toBe('No errors or warnings in src/report.ts.')
  })

  it('finds the definition from a use after a character outside the BMP (columns count characters)', async () => {
    // Line 3 of src/app.ts: console.log('😀', greet('app')); `greet` starts at character 18.
    const result = await call('lsp_definition', { file_path: 'src/app.ts', line: 3, column: 18 })
    expect(result.isError, result.text).toBe(false)
    expect(result.text).toContain('src/greet.ts:2:17: export function greet(name: string): string {')
    expect(result.structured?.definitions).toEqual([
      { path: 'src/greet.ts', line: 2, column: 17, text: 'export function greet(name: string): string {' },
    ])
  })

  it('lists both uses of the function, and its declaration when asked', async () => {
    const without = await call('lsp_references', {
      file_path: 'src/greet.ts',
      line: 2,
      column: 17,
      include_declaration: false,
    })
    expect(without.isError, without.text).toBe(false)
    const paths = (without.structured?.references as { path: string; line: number }[]).map((r) => `${r.path}:${r.line}`)
    expect(paths).toEqual(['src/app.ts:1', 'src/app.ts:3', 'src/report.ts:1', 'src/report.ts:4'])
    expect(without.text).toContain("src/app.ts:3:18: console.log('😀', greet('app'))")
    expect(without.text).toContain("src/report.ts:4:10: return greet('report')")
    const withDeclaration = await call('lsp_references', { file_path: 'src/report.ts', line: 4, column: 10 })
    expect(withDeclaration.structured?.total).toBe(5)
  })

  it('shows the signature and doc comment on hover', async () => {
    const result = await call('lsp_hover', { file_path: 'src/report.ts', line: 4, column: 11 })
    expect(result.isError, result.text).toBe(false)
    expect(result.text).toContain('greet(name: string): string')
    expect(result.text).toContain('Greets someone by name.')
  })

  it('outlines a file with nested symbols, kinds and lines', async () => {
    const result = await call('lsp_symbols', { file_path: 'src/greet.ts' })
    expect(result.isError, result.text).toBe(false)
    expect(result.text).toContain('function greet')
    expect(result.text).toMatch(/^class Greeter, line 6$/m)
    expect(result.text).toMatch(/^ {2}method greetAll, line 13$/m)
  })

  it('finds workspace symbols by name', async () => {
    const result = await call('lsp_symbols', { query: 'Greeter' })
    expect(result.isError, result.text).toBe(false)
    expect(result.text).toMatch(/^class Greeter — src\/greet\.ts:6:\d+: export class Greeter \{$/m)
  })

  it('runs several calls of one turn against one server', async () => {
    await stopLanguageServers()
    const results = await turn([
      { name: 'lsp_definition', args: { file_path: 'src/report.ts', line: 4, column: 10 } },
      { name: 'lsp_hover', args: { file_path: 'src/app.ts', line: 3, column: 18 } },
      { name: 'lsp_diagnostics', args: { file_path: 'src/broken.ts' } },
      { name: 'lsp_symbols', args: { file_path: 'src/report.ts' } },
    ])
    expect(results.map((r) => r.isError)).toEqual([false, false, false, false])
    expect(results[0]?.text).toContain('src/greet.ts:2:17')
    expect(results[1]?.text).toContain('greet(name: string): string')
    expect(results[2]?.text).toContain('7030')
    expect(results[3]?.text).toContain('function report, line 3')
    expect(
      runningLanguageServers().filter((s) => s.root.endsWith(project.slice(project.lastIndexOf('/')))),
    ).toHaveLength(1)
  })

  it('sees a file changed on disk since it was opened', async () => {
    const { writeFileSync } = await import('node:fs')
    writeFileSync(
      join(project, 'src', 'broken.ts'),
      'export function sign(value: number) {\n  return value > 0 ? 1 : 0\n}\n',
    )
    const fixed = await call('lsp_diagnostics', { file_path: 'src/broken.ts' })
    expect(fixed.text).toBe('No errors or warnings in src/broken.ts.')
  })

  it('leaves out results in files a deny rule covers, and refuses asking about them', async () => {
    const denying = parseProfile({
      schemaVersion: 2,
      id: 'lsp-deny',
      lsp: { servers: { typescript: {} }, requestTimeoutSec: 300 },
      permissions: { allow: ['builtin:lsp.*'], deny: ['builtin:lsp.*(src/report.ts)'] },
    })
    const [references, asked] = await turn(
      [
        {
          name: 'lsp_references',
          args: { file_path: 'src/greet.ts', line: 2, column: 17, include_declaration: false },
        },
        { name: 'lsp_hover', args: { file_path: 'src/report.ts', line: 4, column: 10 } },
      ],
      denying,
    )
    expect(references?.text).toContain('src/app.ts:3:18')
    expect(references?.text).not.toContain('report.ts')
    expect(references?.text).toContain('2 more in places this call may not show were left out.')
    expect(asked).toMatchObject({ isError: true, errorCode: 'permission.denied' })
  })

  it('answers a workspace query on a fresh server, which loads the project from one of its files', async () => {
    await stopLanguageServers()
    const result = await call('lsp_symbols', { query: 'report' })
    expect(result.isError, result.text).toBe(false)
    expect(result.text).toMatch(/^function report — src\/report\.ts:3:\d+: export function report\(\): string \{$/m)
  })

  it('stopLanguageServers leaves no process of a server behind', async () => {
    await call('lsp_hover', { file_path: 'src/app.ts', line: 3, column: 18 })
    const pids = runningLanguageServers().flatMap((server) => processTree(server.pid ?? 0))
    // The bounding wrapper, the server, and the TypeScript server it runs.
    expect(pids.length).toBeGreaterThanOrEqual(3)
    await stopLanguageServers()
    await waitFor(() => pids.every((pid) => !isRunning(pid)), 'every server process to be gone')
    expect(runningLanguageServers()).toEqual([])
  })
})
