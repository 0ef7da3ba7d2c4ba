import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import { TurnPausedError } from '../../src/execution/execute-turn.js'
import { parseProfile } from '../../src/profile/load-profile.js'
import type { ProfileInput } from '../../src/profile/profile-schema.js'
import { runningLanguageServers, stopLanguageServers } from '../../src/tools/lsp/index.js'
import { tempDir } from '../temp-dir.js'
import { fakeServerMethods, fakeServerPids, isRunning, waitFor, writeFakeServer } from './lsp-fixture.js'

/**
 * Refusals and failures of the lsp tools, each followed by a look at what really happened: files
 * of no configured language, paths outside the workspace or in toolhost's state (the server never
 * hears of them), a server program that does not exist, one that crashes mid-request (a real
 * process that exits), results pointing outside or into hidden places, the idle shutdown, and
 * stopLanguageServers.
 */

const base = tempDir('toolhost-lsp-refusals-')
const project = join(base, 'project')
const serverDir = join(base, 'server')
let fakeServer: string
let host: ToolHost
beforeAll(async () => {
  mkdirSync(join(project, 'src'), { recursive: true })
  mkdirSync(serverDir)
  fakeServer = writeFakeServer(serverDir)
  writeFileSync(join(project, 'src', 'main.fake'), 'use helper\nhelper is here\n')
  writeFileSync(join(project, 'notes.xyz'), 'no language\n')
  writeFileSync(join(base, 'outside.fake'), 'outside the workspace\n')
  host = await createToolHost({
    dataDir: join(project, '.toolhost'),
    workspaceDir: project,
    processDirs: [],
    watchProcessTools: false,
  })
  mkdirSync(join(project, '.toolhost', 'state'), { recursive: true })
  writeFileSync(join(project, '.toolhost', 'state', 'secret.fake'), 'toolhost state\n')
})
afterAll(async () => {
  await host.close()
  await stopLanguageServers()
})

const fakeProfile = (servers: Record<string, unknown>, lsp: Record<string, unknown> = {}) =>
  parseProfile({
    schemaVersion: 2,
    id: 'fake',
    lsp: { servers, ...lsp },
    permissions: { allow: ['builtin:lsp.*'] },
  } as ProfileInput)

async function call(
  profile: ReturnType<typeof parseProfile>,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError: boolean; errorCode?: string; text: string; structured?: Record<string, unknown> }> {
  const invocation = await host.createInvocation({ scope: 'session', protocol: 'openai-chat', profile })
  const [result] = await invocation.executeTurn({ calls: [{ callId: 'c', name, arguments: args }] })
  if (result === undefined) throw new Error('no result')
  return {
    isError: result.isError,
    ...(result.errorCode !== undefined && { errorCode: result.errorCode }),
    text: result.content,
    ...(result.structured !== undefined && { structured: result.structured }),
  }
}

const fake = () => fakeProfile({ fake: { command: fakeServer, extensions: ['.fake'] } })

describe('refusals', () => {
  it('ask before starting a language server when no rule allows it, and start none', async () => {
    const profile = parseProfile({
      schemaVersion: 2,
      id: 'asks',
      lsp: { servers: { fake: { command: fakeServer, extensions: ['.fake'] } } },
    } as ProfileInput)
    const invocation = await host.createInvocation({ scope: 'session', protocol: 'openai-chat', profile })
    const paused = await invocation
      .executeTurn({
        calls: [{ callId: 'c', name: 'lsp_hover', arguments: { file_path: 'src/main.fake', line: 1, column: 1 } }],
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      )
    expect(paused).toBeInstanceOf(TurnPausedError)
    expect(invocation.pendingApprovals).toHaveLength(1)
    expect(runningLanguageServers()).toEqual([])
  })

  it('are not offered without an enabled server', async () => {
    const invocation = await host.createInvocation({
      scope: 'session',
      protocol: 'openai-chat',
      profile: fakeProfile({ fake: { command: fakeServer, extensions: ['.fake'], enabled: false } }),
    })
    const [result] = await invocation.executeTurn({
      calls: [{ callId: 'c', name: 'lsp_hover', arguments: { file_path: 'src/main.fake', line: 1, column: 1 } }],
    })
    expect(result).toMatchObject({ isError: true, errorCode: 'model.unknown_tool_call' })
    expect(fakeServerPids(serverDir)).toEqual([])
  })

  it('names the configured extensions for a file of an unknown language, and starts nothing', async () => {
    const result = await call(fake(), 'lsp_diagnostics', { file_path: 'notes.xyz' })
    expect(result).toMatchObject({ isError: true, errorCode: 'lsp.unknown_language' })
    expect(result.text).toContain('.fake')
    expect(fakeServerPids(serverDir)).toEqual([])
    expect(runningLanguageServers()).toEqual([])
  })

  it.each([['../outside.fake'], [join(base, 'outside.fake')]])(
    'refuses %s outside the workspace; the server never hears of it',
    async (path) => {
      const result = await call(fake(), 'lsp_hover', { file_path: path, line: 1, column: 1 })
      expect(result.isError).toBe(true)
      expect(result.errorCode).toMatch(/^(workspace\.(path_outside|not_found)|permission\.denied)$/)
      expect(fakeServerMethods(serverDir).some((line) => line.includes('outside.fake'))).toBe(false)
    },
  )

  it("refuses toolhost's own state; the server never hears of it", async () => {
    const result = await call(fake(), 'lsp_hover', { file_path: '.toolhost/state/secret.fake', line: 1, column: 1 })
    expect(result).toMatchObject({ isError: true, errorCode: 'workspace.control_files' })
    expect(fakeServerMethods(serverDir).some((line) => line.includes('secret.fake'))).toBe(false)
  })

  it('says when the server program does not exist', async () => {
    const profile = fakeProfile({ ghost: { command: 'toolhost-no-such-language-server', extensions: ['.fake'] } })
    const result = await call(profile, 'lsp_hover', { file_path: 'src/main.fake', line: 1, column: 1 })
    expect(result).toMatchObject({ isError: true, errorCode: 'lsp.server_unavailable' })
    expect(result.text).toContain('"toolhost-no-such-language-server" is not on PATH')
    expect(runningLanguageServers()).toEqual([])
  })

  it('refuses a position past the end of the file', async () => {
    const result = await call(fake(), 'lsp_hover', { file_path: 'src/main.fake', line: 9, column: 1 })
    expect(result).toMatchObject({ isError: true, errorCode: 'lsp.position_out_of_range' })
    expect(result.text).toContain('which has 3 lines')
    await stopLanguageServers()
  })
})

describe('results', () => {
  it("show files outside the workspace by name only and leave toolhost's state out", async () => {
    writeFileSync(
      join(serverDir, 'answers.json'),
      JSON.stringify([
        { uri: `file://${join(project, 'src', 'main.fake')}`, range: range(1, 0) },
        { uri: 'file:///usr/lib/node_modules/lib.es5.d.ts', range: range(4, 2) },
        { uri: `file://${join(project, '.toolhost', 'state', 'secret.fake')}`, range: range(0, 0) },
      ]),
    )
    const result = await call(fake(), 'lsp_definition', { file_path: 'src/main.fake', line: 1, column: 5 })
    expect(result.isError, result.text).toBe(false)
    expect(result.text).toBe(
      [
        'Defined at:',
        'src/main.fake:2:1: helper is here',
        'lib.es5.d.ts (outside the workspace):5',
        '1 more in places this call may not show were left out.',
      ].join('\n'),
    )
    expect(JSON.stringify(result.structured)).not.toContain('.toolhost')
    expect(JSON.stringify(result.structured)).not.toContain('/usr/lib')
    await stopLanguageServers()
  })
})

describe('server lifecycle', () => {
  it('reports a crash mid-request with its error output, and starts a new server next time', async () => {
    const profile = fakeProfile({
      fake: { command: fakeServer, args: ['--crash-on', 'textDocument/hover'], extensions: ['.fake'] },
    })
    const starts = fakeServerPids(serverDir).length
    const first = await call(profile, 'lsp_hover', { file_path: 'src/main.fake', line: 1, column: 1 })
    expect(first).toMatchObject({ isError: true, errorCode: 'lsp.server_crashed' })
    expect(first.text).toContain('exit code 3')
    expect(first.text).toContain('fake server: cannot answer textDocument/hover')
    const second = await call(profile, 'lsp_hover', { file_path: 'src/main.fake', line: 1, column: 1 })
    expect(second).toMatchObject({ isError: true, errorCode: 'lsp.server_crashed' })
    expect(fakeServerPids(serverDir).length).toBe(starts + 2)
    expect(runningLanguageServers()).toEqual([])
  })

  it('ends a request the server does not answer at the request timeout; the server still answers others', async () => {
    const profile = fakeProfile(
      { fake: { command: fakeServer, args: ['--hang-on', 'textDocument/definition'], extensions: ['.fake'] } },
      { requestTimeoutSec: 1 },
    )
    const hung = await call(profile, 'lsp_definition', { file_path: 'src/main.fake', line: 1, column: 1 })
    expect(hung).toMatchObject({ isError: true, errorCode: 'lsp.timeout' })
    expect(hung.text).toContain('did not answer textDocument/definition within 1 s')
    await waitFor(() => fakeServerMethods(serverDir).includes('$/cancelRequest ""'), 'the cancel to reach the server')
    const answered = await call(profile, 'lsp_hover', { file_path: 'src/main.fake', line: 1, column: 1 })
    expect(answered.text).toBe('fake hover')
    await stopLanguageServers()
  })

  it('says when the server is still loading the project instead of answering from part of it', async () => {
    const profile = fakeProfile(
      { fake: { command: fakeServer, args: ['--busy'], extensions: ['.fake'] } },
      { requestTimeoutSec: 1 },
    )
    const result = await call(profile, 'lsp_definition', { file_path: 'src/main.fake', line: 1, column: 1 })
    expect(result).toMatchObject({ isError: true, errorCode: 'lsp.indexing' })
    expect(result.text).toContain('is still loading the project (Loading fake project)')
    expect(fakeServerMethods(serverDir).at(-1)).not.toMatch(/^textDocument\/definition/)
    await stopLanguageServers()
  })

  it('shuts an idle server down', async () => {
    const profile = fakeProfile({ fake: { command: fakeServer, extensions: ['.fake'] } }, { idleTimeoutSec: 1 })
    const result = await call(profile, 'lsp_hover', { file_path: 'src/main.fake', line: 1, column: 1 })
    expect(result.text).toBe('fake hover')
    const [server] = runningLanguageServers()
    const pid = server?.pid ?? 0
    expect(isRunning(pid)).toBe(true)
    await waitFor(() => !isRunning(pid), 'the idle server to exit')
    expect(runningLanguageServers()).toEqual([])
    expect(fakeServerMethods(serverDir).slice(-2)).toEqual(['shutdown ""', 'exit ""'])
  })
})

function range(line: number, character: number) {
  return { start: { line, character }, end: { line, character: character + 3 } }
}
