import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import { testTools } from '../../test/test-tools.js'
import { z } from 'zod'
import { defineTool } from '../tool/define-tool.js'
import { createToolHost, type ToolHost } from '../host/create-tool-host.js'
import { protocolNames } from '../core/protocol-name.js'
import { probeSandbox } from '../sandbox/detect-sandbox.js'

const sandbox = await probeSandbox(process.platform, process.env.PATH)

const dataDir = tempDir()
let host: ToolHost
beforeEach(async () => {
  host = await createToolHost({ tools: testTools, dataDir })
})
afterEach(() => host.close())

const objectSchema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }

describe('snapshot', () => {
  it('offers the tools the profile allows, in allow order, deny winning', async () => {
    host.extensions.register(
      {
        extensionId: 'notes',
        name: 'append',
        description: 'Append.',
        contexts: ['session'],
        inputSchema: objectSchema,
      },
      () => null,
    )
    const inv = await host.createInvocation({
      scope: 'session',
      protocol: 'anthropic',
      profile: {
        tools: {
          allow: ['extension/*', 'builtin:test.*', 'builtin:dice.roll'],
          deny: ['builtin:test.fail', 'builtin:test.progress'],
        },
      },
    })
    expect(inv.snapshot.bindings.map((b) => b.alias)).toEqual([
      'append',
      'test_echo',
      'test_finish',
      'test_guarded',
      'dice_roll',
    ])
  })

  it('renders descriptions with snapshot aliases and applies overrides', async () => {
    const inv = await host.createInvocation({ scope: 'session', protocol: 'openai-chat' })
    expect(inv.snapshot.bindings.find((b) => b.alias === 'test_echo')?.description).toBe(
      'Echo text back. Use test_finish to finish.',
    )
    const overridden = await host.createInvocation({
      scope: 'session',
      protocol: 'openai-chat',
      profile: { tools: { descriptions: { 'builtin:test.echo': 'Say it again.' } } },
    })
    expect(overridden.snapshot.bindings.find((b) => b.alias === 'test_echo')?.description).toBe('Say it again.')
  })

  it('leaves out tools of another scope or disabled, saying why when the profile names them', async () => {
    host.extensions.register(
      { extensionId: 'chat', name: 'react', description: 'React.', contexts: ['chat'], inputSchema: objectSchema },
      () => null,
    )
    const off = host.extensions.register(
      { extensionId: 'chat', name: 'off', description: 'Off.', contexts: ['session'], inputSchema: objectSchema },
      () => null,
    )
    host.extensions.setEnabled(off, false)
    const inv = await host.createInvocation({
      scope: 'session',
      protocol: 'gemini',
      profile: { tools: { allow: ['extension/chat:react', 'extension/*'] } },
    })
    expect(inv.snapshot.bindings).toEqual([])
    expect(inv.snapshot.diagnostics.map((d) => d.code).sort()).toEqual([
      'extension.disabled',
      'snapshot.scope_mismatch',
    ])
  })

  it('leaves out tools that need settings the profile lacks, saying why when the profile names them', async () => {
    const needsKey = defineTool({
      name: 'test.keyed',
      description: 'Needs a key.',
      inputSchema: z.object({}),
      unavailableWith: (profile) => (profile.network.allowPrivateHosts.includes('10.0.0.1') ? undefined : 'no key'),
      call: async () => ({ content: 'ok' }),
    })
    const keyed = await createToolHost({ tools: [needsKey], dataDir: tempDir('toolhost-keyed-') })
    try {
      const named = await keyed.createInvocation({
        scope: 'session',
        protocol: 'openai-chat',
        profile: { tools: { allow: ['builtin:test.keyed'] } },
      })
      expect(named.snapshot.bindings).toEqual([])
      expect(named.snapshot.diagnostics).toContainEqual({
        toolId: 'builtin:test.keyed',
        code: 'snapshot.tool_unconfigured',
        message: 'builtin:test.keyed: no key',
      })
      const globbed = await keyed.createInvocation({ scope: 'session', protocol: 'openai-chat' })
      expect(globbed.snapshot.diagnostics.filter((d) => d.code === 'snapshot.tool_unconfigured')).toEqual([])
      const configured = await keyed.createInvocation({
        scope: 'session',
        protocol: 'openai-chat',
        profile: { network: { allowPrivateHosts: ['10.0.0.1'] } },
      })
      expect(configured.snapshot.bindings.map((b) => b.alias)).toContain('test_keyed')
    } finally {
      await keyed.close()
    }
  })

  it('is frozen and keeps its tools when the catalog changes', async () => {
    const id = host.extensions.register(
      {
        extensionId: 'n',
        name: 'look',
        description: 'Look.',
        contexts: ['session'],
        inputSchema: objectSchema,
        annotations: { readOnly: true },
      },
      () => 'seen',
    )
    const inv = await host.createInvocation({
      scope: 'session',
      protocol: 'openai-responses',
      profile: { tools: { allow: ['extension/*'] } },
    })
    expect(Object.isFrozen(inv.snapshot)).toBe(true)
    expect(Object.isFrozen(inv.snapshot.bindings[0]?.inputSchema)).toBe(true)
    expect(Object.isFrozen(objectSchema)).toBe(false)
    host.extensions.register(
      { extensionId: 'n', name: 'later', description: 'Later.', contexts: ['session'], inputSchema: objectSchema },
      () => null,
    )
    expect(inv.snapshot.bindings.map((b) => b.alias)).toEqual(['look'])
    const [seen] = await inv.executeTurn({ calls: [{ callId: 'a', name: 'look', arguments: { q: 'x' } }] })
    expect(seen).toMatchObject({ toolId: id, content: 'seen' })
    host.extensions.unregister(id)
    const [gone] = await inv.executeTurn({ calls: [{ callId: 'b', name: 'look', arguments: { q: 'x' } }] })
    expect(gone).toMatchObject({
      isError: true,
      errorCode: 'tool.unavailable',
      content: 'look is not available any more. Continue without it.',
    })
  })

  it('gives every invocation its own snapshot id', async () => {
    const a = await host.createInvocation({ scope: 'chat', protocol: 'anthropic' })
    const b = await host.createInvocation({ scope: 'chat', protocol: 'anthropic' })
    expect(a.snapshot.id).not.toBe(b.snapshot.id)
    expect(a.snapshot.id).toMatch(/^snap_/)
  })

  it('compiles strict schemas for OpenAI when the profile asks', async () => {
    const strict = await host.createInvocation({
      scope: 'session',
      protocol: 'openai-responses',
      profile: { tools: { strictSchemas: true } },
    })
    const echo = strict.snapshot.bindings.find((b) => b.alias === 'test_echo')
    expect(echo?.strict).toBe(true)
    expect(echo?.inputSchema.required).toEqual(['text', 'times', 'options'])
    const anthropic = await host.createInvocation({
      scope: 'session',
      protocol: 'anthropic',
      profile: { tools: { strictSchemas: true } },
    })
    expect(anthropic.snapshot.bindings.every((b) => !b.strict)).toBe(true)
  })

  // The recorded snapshots list the tools that run real programs, which only a machine with the command sandbox offers.
  it.skipIf(!sandbox.available).each(protocolNames)(
    'matches the recorded default snapshot for %s',
    async (protocol) => {
      const plain = await createToolHost({ dataDir })
      const { snapshot } = await plain.createInvocation({ scope: 'session', protocol })
      const { id: _id, ...stable } = snapshot
      await expect(JSON.stringify(stable, null, 2)).toMatchFileSnapshot(
        `./__snapshots__/default-session.${protocol}.json`,
      )
      await plain.close()
    },
  )
})

describe('createInvocation', () => {
  it('refuses an unknown scope or protocol and a missing profile id', async () => {
    await expect(host.createInvocation({ scope: 'web' as 'chat', protocol: 'anthropic' })).rejects.toThrow(
      /scope must be chat or session/,
    )
    await expect(host.createInvocation({ scope: 'chat', protocol: 'palm' as 'gemini' })).rejects.toThrow(
      /unknown protocol "palm"/,
    )
    await expect(host.createInvocation({ scope: 'chat', protocol: 'gemini', profile: 'nope' })).rejects.toThrow(
      /no profile "nope"/,
    )
    await expect(
      host.createInvocation({ scope: 'chat', protocol: 'gemini', profile: { tools: { allow: ['nope'] } } }),
    ).rejects.toThrow(/tools\.allow\[0\]/)
  })

  it('is refused after close', async () => {
    await host.close()
    await expect(host.createInvocation({ scope: 'chat', protocol: 'gemini' })).rejects.toThrow(/closed/)
  })
})

describe('catalog', () => {
  it('lists every tool ordered by id with JSON Schemas', async () => {
    host.extensions.register(
      { extensionId: 'a', name: 'z', description: 'Z.', contexts: ['chat'], inputSchema: objectSchema },
      () => null,
    )
    const ids = host.catalog().map((t) => t.id)
    expect(ids).toEqual([...ids].sort())
    expect(ids).toEqual(
      expect.arrayContaining([
        'builtin:calculator.evaluate',
        'builtin:dice.roll',
        'builtin:test.echo',
        'builtin:workspace.shell',
        'extension/a:z',
      ]),
    )
    expect(ids.at(-1)).toBe('extension/a:z')
    const catalog = host.catalog()
    const echo = catalog.find((t) => t.id === 'builtin:test.echo')
    expect(echo).toMatchObject({
      source: 'builtin',
      annotations: { readOnly: true },
      description: 'Echo text back. Use test_finish to finish.',
    })
    expect(echo?.inputSchema).toMatchObject({ type: 'object', additionalProperties: false, required: ['text'] })
    expect(JSON.stringify(echo?.inputSchema)).not.toContain('9007199254740991')
  })

  it('rejects two tools with one id', async () => {
    await expect(createToolHost({ tools: [testTools[0]!, testTools[0]!] })).rejects.toThrow(
      /Two tools have the id builtin:test\.echo/,
    )
  })
})
