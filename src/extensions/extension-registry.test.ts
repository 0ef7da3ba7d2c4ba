import { describe, expect, it, vi } from 'vitest'
import { testCallContext } from '../../test/call-context.js'
import { ExtensionRegistry, type ExtensionToolSpec } from './extension-registry.js'
import { sharedAjv } from './shared-ajv.js'

const spec: ExtensionToolSpec = {
  extensionId: 'notes',
  name: 'append',
  description: 'Append a note.',
  contexts: ['chat'],
  inputSchema: { type: 'object', properties: { text: { type: 'string', minLength: 1 } }, required: ['text'] },
}

const ctx = testCallContext({ callId: 'c1', toolId: 'extension/notes:append', scope: 'chat' })

describe('ExtensionRegistry', () => {
  it('registers a tool under extension/<id>:<name> and throws on duplicates', () => {
    const registry = new ExtensionRegistry()
    expect(registry.register(spec, () => 'ok')).toBe('extension/notes:append')
    expect(() => registry.register(spec, () => 'again')).toThrow(/already registered/)
  })

  it.each([
    ['a bad extension id', { ...spec, extensionId: 'a b' }, /extensionId/],
    ['an empty name', { ...spec, name: ' ' }, /non-empty/],
    ['no description', { ...spec, description: '' }, /needs a description/],
    ['no contexts', { ...spec, contexts: [] }, /contexts/],
    ['an unknown context', { ...spec, contexts: ['web' as 'chat'] }, /contexts/],
    ['a non-object schema', { ...spec, inputSchema: { type: 'string' } }, /must describe an object/],
    [
      'an invalid schema',
      { ...spec, inputSchema: { type: 'object', properties: { a: { type: 'strin' } } } },
      /not a valid JSON Schema/,
    ],
    [
      'a pattern that is no regular expression',
      { ...spec, inputSchema: { type: 'object', properties: { a: { type: 'string', pattern: '[' } } } },
      /not a valid JSON Schema: Invalid regular expression/,
    ],
    [
      'a reference to nothing',
      { ...spec, inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/a' } } } },
      /not a valid JSON Schema: can't resolve reference/,
    ],
  ])('refuses %s', (_name, bad, message) => {
    expect(() => new ExtensionRegistry().register(bad, () => null)).toThrow(message)
  })

  it('lists by context with diagnostics for what is left out', () => {
    const registry = new ExtensionRegistry()
    registry.register(spec, () => null)
    const other = registry.register({ ...spec, name: 'search', contexts: ['session'] }, () => null)
    const disabled = registry.register({ ...spec, name: 'wipe', contexts: ['chat', 'session'] }, () => null)
    registry.setEnabled(disabled, false)
    const { tools, diagnostics } = registry.list({ context: 'chat' })
    expect(tools.map((t) => t.id)).toEqual(['extension/notes:append'])
    expect(diagnostics).toEqual([
      { toolId: other, code: 'extension.context_mismatch', message: `${other} serves session, not chat` },
      { toolId: disabled, code: 'extension.disabled', message: `${disabled} is disabled` },
    ])
    expect(registry.list().tools.map((t) => t.name)).toEqual(['append', 'search'])
    expect(() => registry.setEnabled('extension/notes:none', true)).toThrow(/no extension tool/)
  })

  it('finds one catalog tool by id as the catalog lists it, and none for a disabled or unknown id', async () => {
    const registry = new ExtensionRegistry()
    const id = registry.register(spec, (args) => `noted ${String(args.text)}`)
    const other = registry.register({ ...spec, name: 'wipe' }, () => null)
    registry.setEnabled(other, false)
    const found = registry.catalogTool(id)
    expect(found).toMatchObject({ id, source: 'extension', nativeName: 'append', scopes: ['chat'] })
    expect(found?.describe({ alias: (x) => x, has: () => true, scope: 'chat', protocol: 'anthropic' })).toBe(
      'Append a note.',
    )
    expect(await found?.call({ text: 'x' }, ctx)).toMatchObject({ content: 'noted x' })
    expect(registry.catalogTool(other)).toBeUndefined()
    expect(registry.catalogTool('extension/notes:none')).toBeUndefined()
    expect(registry.catalogTools().tools.map((tool) => tool.id)).toEqual([id])
  })

  it('looks the function up at call time', async () => {
    const registry = new ExtensionRegistry()
    const id = registry.register(spec, (args, { callId }) => ({ saved: args.text, callId }))
    const [tool] = registry.catalogTools().tools
    if (tool === undefined) throw new Error('no tool')
    expect(await tool.call({ text: 'x' }, ctx)).toEqual({
      content: JSON.stringify({ saved: 'x', callId: 'c1' }, null, 2),
      structured: { saved: 'x', callId: 'c1' },
    })
    registry.setEnabled(id, false)
    await expect(tool.call({ text: 'x' }, ctx)).rejects.toMatchObject({ code: 'extension.disabled' })
    registry.setEnabled(id, true)
    registry.unregister(id)
    await expect(tool.call({ text: 'x' }, ctx)).rejects.toMatchObject({ code: 'extension.unavailable' })
  })

  it('validates arguments with the JSON Schema', async () => {
    const registry = new ExtensionRegistry()
    registry.register(spec, () => null)
    const [tool] = registry.catalogTools().tools
    expect(await tool?.validate({ text: '' })).toEqual({
      ok: false,
      problems: [{ path: 'text', message: 'must NOT have fewer than 1 characters' }],
    })
    expect(await tool?.validate({})).toEqual({ ok: false, problems: [{ path: 'text', message: 'is required' }] })
    expect(await tool?.validate({ text: 'a', extra: 1 })).toMatchObject({ ok: true })
  })

  it('maps return values and failures', async () => {
    const registry = new ExtensionRegistry()
    const values: unknown[] = ['plain', undefined, [1, 2], 7]
    let next = 0
    registry.register(spec, () => values[next++])
    registry.register({ ...spec, name: 'boom' }, () => {
      throw new Error('disk on fire')
    })
    registry.register({ ...spec, name: 'cyclic' }, () => {
      const a: Record<string, unknown> = {}
      a.self = a
      return a
    })
    const byName = new Map(registry.catalogTools().tools.map((t) => [t.nativeName, t]))
    const append = byName.get('append')
    expect(await append?.call({}, ctx)).toEqual({ content: 'plain' })
    expect(await append?.call({}, ctx)).toEqual({ content: '' })
    expect(await append?.call({}, ctx)).toEqual({ content: '[\n  1,\n  2\n]' })
    expect(await append?.call({}, ctx)).toEqual({ content: '7' })
    await expect(byName.get('boom')?.call({}, ctx)).rejects.toMatchObject({
      code: 'extension.call_failed',
      message: 'This tool failed: disk on fire',
    })
    await expect(byName.get('cyclic')?.call({}, ctx)).rejects.toMatchObject({ code: 'extension.bad_result' })
  })

  it('compiles no schema while registering, and a tool schema once, on its first validation', async () => {
    const compile = vi.spyOn(sharedAjv(), 'compile')
    try {
      const registry = new ExtensionRegistry()
      for (let i = 0; i < 50; i++) registry.register({ ...spec, name: `append_${i}` }, () => null)
      const tools = registry.catalogTools().tools
      expect(tools).toHaveLength(50)
      expect(compile).not.toHaveBeenCalled()
      const tool = registry.catalogTool('extension/notes:append_7')
      expect(tool).toBe(tools[7])
      expect(await tool?.validate({})).toEqual({ ok: false, problems: [{ path: 'text', message: 'is required' }] })
      expect(await tool?.validate({ text: 'a' })).toMatchObject({ ok: true })
      expect(compile).toHaveBeenCalledTimes(1)
    } finally {
      compile.mockRestore()
    }
  })
})
