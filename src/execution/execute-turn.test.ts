import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { tempDir } from '../../test/temp-dir.js'
import { testTools } from '../../test/test-tools.js'
import { createToolHost, type ToolHost } from '../host/create-tool-host.js'
import { defineTool } from '../tool/define-tool.js'
import { TurnPausedError } from './execute-turn.js'

const dataDir = tempDir()
let host: ToolHost
afterEach(() => host.close())

/** A tool that logs when each call starts and waits until the test releases it. */
function gatedTools() {
  const log: string[] = []
  const waiting = new Map<string, () => void>()
  const release = (id: string) => waiting.get(id)?.()
  const started = (id: string) => log.includes(`start ${id}`)
  const make = (name: string, access: 'read' | 'write') =>
    defineTool({
      name,
      description: `${access} a file`,
      inputSchema: z.object({ id: z.string(), path: z.string() }),
      annotations: { readOnly: access === 'read' },
      resources: ({ path }) => [{ kind: 'file', path, access }],
      call: async ({ id }) => {
        log.push(`start ${id}`)
        await new Promise<void>((resolve) => waiting.set(id, resolve))
        log.push(`end ${id}`)
        return { content: id }
      },
    })
  return { log, release, started, tools: [make('file.read', 'read'), make('file.write', 'write')] }
}

/** Polls until `check` passes: calls go through real files and SQLite; the bound only guards a hang. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 5 })

describe('scheduling a turn', () => {
  it('runs reads together, holds a read behind a write of the same file, and returns results in call order', async () => {
    const gated = gatedTools()
    host = await createToolHost({ dataDir, tools: gated.tools })
    const inv = await host.createInvocation({
      scope: 'session',
      protocol: 'anthropic',
      profile: { permissions: { mode: 'bypass' } },
    })
    const turn = inv.executeTurn({
      calls: [
        { callId: 'r1', name: 'file_read', arguments: { id: 'r1', path: 'a.txt' } },
        { callId: 'r2', name: 'file_read', arguments: { id: 'r2', path: 'a.txt' } },
        { callId: 'w1', name: 'file_write', arguments: { id: 'w1', path: 'a.txt' } },
        { callId: 'w2', name: 'file_write', arguments: { id: 'w2', path: 'b.txt' } },
        { callId: 'r3', name: 'file_read', arguments: { id: 'r3', path: 'a.txt' } },
      ],
    })
    // Calls start in model order as their files allow: once w2 (after w1) has started, w1 is held.
    await until(() => expect(['r1', 'r2', 'w2'].every(gated.started)).toBe(true))
    expect(gated.started('w1')).toBe(false)
    gated.release('r1')
    gated.release('r2')
    await until(() => expect(gated.started('w1')).toBe(true))
    gated.release('w1')
    await until(() => expect(gated.started('r3')).toBe(true))
    gated.release('r3')
    gated.release('w2')
    expect((await turn).map((r) => r.content)).toEqual(['r1', 'r2', 'w1', 'w2', 'r3'])
    // The write waited for both reads, and the last read for the write.
    const at = (entry: string) => gated.log.indexOf(entry)
    expect(at('start w1')).toBeGreaterThan(Math.max(at('end r1'), at('end r2')))
    expect(at('start r3')).toBeGreaterThan(at('end w1'))
  })

  it('stops a call at its timeout and cancels with the run signal, without losing siblings', async () => {
    const hang = defineTool({
      name: 'slow.hang',
      description: 'Never finishes.',
      inputSchema: z.object({}),
      annotations: { readOnly: true },
      timeoutMs: 50,
      call: () => new Promise(() => undefined),
    })
    const waiting = Promise.withResolvers<void>()
    const wait = defineTool({
      name: 'slow.wait',
      description: 'Waits for the signal.',
      inputSchema: z.object({}),
      annotations: { readOnly: true },
      call: (_input, ctx) =>
        new Promise((_resolve, reject) => {
          ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason))
          waiting.resolve()
        }),
    })
    host = await createToolHost({ dataDir, tools: [...testTools, hang, wait] })
    const inv = await host.createInvocation({ scope: 'session', protocol: 'anthropic' })
    const [timedOut, echoed] = await inv.executeTurn({
      calls: [
        { callId: 'h', name: 'slow_hang', arguments: {} },
        { callId: 'e', name: 'test_echo', arguments: { text: 'still here' } },
      ],
    })
    expect(timedOut).toMatchObject({ isError: true, errorCode: 'tool.timeout' })
    expect(timedOut?.content).toContain('slow_hang did not finish within 0.05 s')
    expect(echoed).toMatchObject({ isError: false, content: 'still here' })

    const controller = new AbortController()
    const pending = inv.executeTurn({
      signal: controller.signal,
      calls: [{ callId: 'w', name: 'slow_wait', arguments: {} }],
    })
    // Cancelled while it runs.
    await waiting.promise
    controller.abort()
    expect((await pending)[0]).toMatchObject({
      isError: true,
      errorCode: 'tool.cancelled',
      content: 'slow_wait was cancelled before it finished.',
    })
  })
})

describe('durable approvals', () => {
  const note = (dir: string) =>
    defineTool({
      name: 'notes.write',
      description: 'Write a note file.',
      inputSchema: z.object({ name: z.string(), text: z.string() }),
      permissionSubject: ({ name }) => ({ kind: 'path', paths: [name], access: 'write' }),
      call: async ({ name, text }) => {
        const { writeFile } = await import('node:fs/promises')
        await writeFile(join(dir, name), text)
        return { content: `wrote ${name}` }
      },
    })

  it('pauses the turn, survives a restart, and continues after approval in another host', async () => {
    const dir = tempDir()
    host = await createToolHost({ dataDir, tools: [note(dir), ...testTools] })
    const inv = await host.createInvocation({ scope: 'session', protocol: 'openai-chat' })
    const paused = await inv
      .executeTurn({
        calls: [
          { callId: 'n1', name: 'notes_write', arguments: { name: 'a.txt', text: 'A\u202E' } },
          { callId: 'e1', name: 'test_echo', arguments: { text: 'read-only runs without asking' } },
        ],
      })
      .catch((error: unknown) => error)
    expect(paused).toBeInstanceOf(TurnPausedError)
    expect(existsSync(join(dir, 'a.txt'))).toBe(false)
    await host.close()

    host = await createToolHost({ dataDir, tools: [note(dir), ...testTools] })
    const [request] = host.approvals.list({ status: 'pending' })
    expect(request).toMatchObject({
      toolId: 'builtin:notes.write',
      alias: 'notes_write',
      input: { name: 'a.txt', text: 'A\u202E' },
      alwaysRule: 'builtin:notes.write(/a.txt)',
    })
    const outcome = await host.approvals.approve(request?.id ?? '', { approver: 'test' })
    expect(outcome.results?.map((r) => r.content)).toEqual(['wrote a.txt', 'read-only runs without asking'])
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('A\u202E')
    await expect(host.approvals.approve(request?.id ?? '')).rejects.toThrow(/not pending|already/)

    const events = host
      .store()
      .events({ invocationId: inv.id, callId: 'n1' })
      .map((e) => e.type)
    expect(events).toEqual(['requested', 'admitted', 'awaiting_approval', 'scheduled', 'running', 'succeeded'])
  })

  it('denies with the message for the model, and "allow always" adds the rule for later calls', async () => {
    const dir = tempDir()
    host = await createToolHost({ dataDir, tools: [note(dir)] })
    const inv = await host.createInvocation({ scope: 'session', protocol: 'gemini' })
    await expect(
      inv.executeTurn({ calls: [{ callId: 'a', name: 'notes_write', arguments: { name: 'x', text: '1' } }] }),
    ).rejects.toBeInstanceOf(TurnPausedError)
    const denied = await host.approvals.deny(inv.pendingApprovals[0] ?? '', { message: 'write to y instead' })
    expect(denied.results?.[0]).toMatchObject({
      isError: true,
      errorCode: 'permission.denied',
      content: 'notes_write was not run: a person denied it. Their message: write to y instead',
    })

    const asked: string[] = []
    const always = await host.createInvocation({
      scope: 'session',
      protocol: 'gemini',
      approver: async (request) => {
        asked.push(request.callId)
        return { behavior: 'allow', scope: 'always' }
      },
    })
    await always.executeTurn({ calls: [{ callId: 'b', name: 'notes_write', arguments: { name: 'y', text: '2' } }] })
    expect(always.profile.permissions.allow).toEqual(['builtin:notes.write(/y)'])
    await always.executeTurn({
      calls: [
        { callId: 'c', name: 'notes_write', arguments: { name: 'y', text: '3' } },
        { callId: 'd', name: 'notes_write', arguments: { name: 'z', text: '4' } },
      ],
    })
    // y is allowed by the new rule; z is another path and still needs a person.
    expect(asked).toEqual(['b', 'd'])
    expect(readFileSync(join(dir, 'y'), 'utf8')).toBe('3')
  })
})

describe('model-ready results', () => {
  beforeEach(async () => {
    const long = defineTool({
      name: 'big.text',
      description: 'Returns a long text.',
      inputSchema: z.object({ size: z.number().int() }),
      annotations: { readOnly: true },
      call: async ({ size }) => ({ content: 'x'.repeat(size) }),
    })
    const sound = defineTool({
      name: 'sound.make',
      description: 'Returns a sound and a report.',
      inputSchema: z.object({}),
      annotations: { readOnly: true },
      call: async () => ({
        content: 'Made a sound.',
        files: [
          { bytes: new Uint8Array(2048).fill(9), mimeType: 'audio/wav' },
          { bytes: new Uint8Array([37, 80, 68, 70]), mimeType: 'application/pdf', name: 'report.pdf' },
        ],
      }),
    })
    host = await createToolHost({ dataDir, tools: [long, sound] })
  })

  it('externalizes results over the inline limit to a file under the run', async () => {
    const inv = await host.createInvocation({
      scope: 'session',
      protocol: 'anthropic',
      profile: { tools: { inlineCharLimit: 1000 } },
    })
    const [short, long] = await inv.executeTurn({
      calls: [
        { callId: 's', name: 'big_text', arguments: { size: 1000 } },
        { callId: 'l', name: 'big_text', arguments: { size: 7000 } },
      ],
    })
    expect(short?.content).toBe('x'.repeat(1000))
    expect(long?.resourceRefs).toHaveLength(1)
    const ref = long?.resourceRefs[0] ?? ''
    expect(ref).toMatch(new RegExp(`^tool-results/${inv.id}/round-001-call_[0-9a-f]{16}\\.txt$`))
    expect(long?.content).toContain(ref)
    const file = readFileSync(join(host.store().runDir(inv.runId), ref), 'utf8')
    expect(file.replace(/\n/g, '')).toBe('x'.repeat(7000))
    expect(host.store().events({ invocationId: inv.id, types: ['stored'] })).toHaveLength(1)
  })

  it('stores the files a tool returns under the run, references them by path and notes them in the text', async () => {
    const inv = await host.createInvocation({ scope: 'session', protocol: 'anthropic' })
    const [result] = await inv.executeTurn({ calls: [{ callId: 'f', name: 'sound_make', arguments: {} }] })
    const stem = new RegExp(`^tool-results/${inv.id}/round-001-call_[0-9a-f]{16}-file-`)
    const [wav = '', pdf = ''] = result?.resourceRefs ?? []
    expect(result?.resourceRefs).toHaveLength(2)
    expect(wav).toMatch(new RegExp(`${stem.source}1\\.wav$`))
    expect(pdf).toMatch(new RegExp(`${stem.source}2\\.pdf$`))
    expect(result?.content).toBe(
      `Made a sound.\n\n[Saved audio/wav (2 KiB) to ${wav}]\n[Saved "report.pdf", application/pdf (4 bytes) to ${pdf}]`,
    )
    const runDir = host.store().runDir(inv.runId)
    expect(readFileSync(join(runDir, wav)).equals(Buffer.alloc(2048, 9))).toBe(true)
    expect(readFileSync(join(runDir, pdf), 'latin1')).toBe('%PDF')
    expect(host.store().events({ invocationId: inv.id, types: ['stored'] })).toHaveLength(1)
  })

  it('stores images an extension attaches, and offers it only to models that read images', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'blue' } })
      .png()
      .toBuffer()
    host.extensions.register(
      {
        extensionId: 'cam',
        name: 'shot',
        description: 'Take a picture.',
        contexts: ['session'],
        returnsImages: true,
        inputSchema: { type: 'object' },
      },
      (_args, { attachImage }) => {
        attachImage(png, 'image/png')
        attachImage(new Uint8Array([1, 2, 3]))
        return 'two pictures'
      },
    )
    const blind = await host.createInvocation({
      scope: 'session',
      protocol: 'anthropic',
      profile: { tools: { allow: ['extension/*'] } },
    })
    expect(blind.snapshot.bindings).toEqual([])
    expect(blind.snapshot.diagnostics.map((d) => d.code)).toContain('extension.tool_needs_image_input')
    const seeing = await host.createInvocation({
      scope: 'session',
      protocol: 'anthropic',
      acceptsImages: true,
      profile: { tools: { allow: ['extension/*'] }, permissions: { mode: 'bypass' } },
    })
    const [result] = await seeing.executeTurn({ calls: [{ callId: 'p', name: 'shot', arguments: {} }] })
    expect(result?.images).toHaveLength(1)
    expect(result?.images[0]?.mimeType).toBe('image/png')
    expect(readFileSync(join(host.store().runDir(seeing.runId), result?.images[0]?.path ?? '')).equals(png)).toBe(true)
    expect(result?.content).toMatch(/^two pictures\n\n\[?Image 2 could not be used/)
  })
})

describe('the sandboxed shell through a turn', () => {
  it('runs allowed commands, and shows long output as head and tail with the full text in a file', async () => {
    const project = tempDir()
    host = await createToolHost({ dataDir, workspaceDir: project })
    const inv = await host.createInvocation({
      scope: 'session',
      protocol: 'anthropic',
      profile: {
        permissions: {
          allow: [
            'builtin:workspace.shell(echo *)',
            'builtin:workspace.shell(echo * > greeting.txt)',
            'builtin:workspace.shell(seq *)',
          ],
          deny: ['builtin:workspace.shell(rm *)'],
        },
      },
    })
    const [echo, flood, removal] = await inv.executeTurn({
      calls: [
        { callId: 'a', name: 'workspace_shell', arguments: { command: 'echo hello > greeting.txt && echo done' } },
        { callId: 'b', name: 'workspace_shell', arguments: { command: 'seq 1 20000' } },
        { callId: 'c', name: 'workspace_shell', arguments: { command: 'rm -rf greeting.txt' } },
      ],
    })
    expect(echo?.content).toBe('Exit code: 0\ndone\n')
    expect(readFileSync(join(project, 'greeting.txt'), 'utf8')).toBe('hello\n')
    expect(flood?.content.length).toBeLessThanOrEqual(30_000)
    expect(flood?.content).toMatch(/^Exit code: 0\n1\n2\n/)
    expect(flood?.content).toMatch(/20000\n?$/)
    const ref = flood?.resourceRefs[0] ?? ''
    expect(flood?.content).toContain(ref)
    expect(readFileSync(join(host.store().runDir(inv.runId), ref), 'utf8')).toContain('\n19999\n20000')
    expect(removal).toMatchObject({ isError: true, errorCode: 'permission.denied' })
    expect(existsSync(join(project, 'greeting.txt'))).toBe(true)
  })
})
