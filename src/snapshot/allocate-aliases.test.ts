import { describe, expect, it } from 'vitest'
import type { CatalogTool } from '../catalog/catalog-tool.js'
import { allocateAliases } from './allocate-aliases.js'
import { getProtocol } from './protocols/index.js'
import { protocolNames } from '../core/protocol-name.js'

function tool(id: string, serverName?: string): CatalogTool {
  const colon = id.indexOf(':')
  const provider = id.slice(0, colon)
  return {
    id,
    source: provider.split('/')[0] as CatalogTool['source'],
    nativeName: id.slice(colon + 1),
    ...(serverName !== undefined && { serverName }),
    describe: () => '',
    inputSchema: { type: 'object', properties: {} },
    closedSchema: false,
    annotations: {},
    scopes: ['chat', 'session'],
    completion: false,
    timeoutMs: 1000,
    pagesItself: false,
    returnsImages: false,
    renamedParameters: {},
    validate: async (input) => ({ ok: true, value: input }),
    call: async () => ({ content: '' }),
  }
}

const openai = getProtocol('openai-chat')
const aliasesOf = (tools: CatalogTool[], builtins: string[] = [], protocol = openai) => [
  ...allocateAliases(tools, protocol, builtins).aliases.values(),
]

describe('allocateAliases', () => {
  it('gives builtins their fixed alias', () => {
    expect(aliasesOf([tool('builtin:workspace.read_file'), tool('builtin:dice.roll')])).toEqual([
      'workspace_read_file',
      'dice_roll',
    ])
  })

  it('suffixes colliding external names in allow order', () => {
    const tools = [tool('extension/b:search'), tool('extension/a:search'), tool('process/c:search')]
    expect(aliasesOf(tools)).toEqual(['search', 'search__2', 'search__3'])
  })

  it('never takes an alias of a builtin the profile allows, even one outside the scope', () => {
    expect(aliasesOf([tool('extension/x:dice_roll')], ['dice_roll'])).toEqual(['dice_roll__2'])
    expect(aliasesOf([tool('extension/x:dice.roll')], ['dice_roll'])).toEqual(['dice_roll__2'])
    expect(aliasesOf([tool('extension/x:dice_roll')], [])).toEqual(['dice_roll'])
  })

  it('keeps reserved names free', () => {
    expect(
      aliasesOf([tool('extension/x:task_return'), tool('extension/x:tools_search'), tool('extension/x:tools_call')]),
    ).toEqual(['task_return__2', 'tools_search__2', 'tools_call__2'])
  })

  it('cuts long names to 64 bytes, leaving room for the suffix', () => {
    const long = 'x'.repeat(80)
    const [first, second] = aliasesOf([tool(`extension/a:${long}`), tool(`extension/b:${long}`)])
    expect(first).toBe('x'.repeat(64))
    expect(second).toBe(`${'x'.repeat(61)}__2`)
    expect(Buffer.byteLength(second ?? '')).toBe(64)
  })

  it('goes on past __9 within the byte limit', () => {
    const tools = Array.from({ length: 11 }, (_, i) => tool(`extension/e${i}:${'n'.repeat(70)}`))
    const aliases = aliasesOf(tools)
    expect(new Set(aliases).size).toBe(11)
    expect(aliases[10]).toBe(`${'n'.repeat(60)}__11`)
    expect(aliases.every((a) => Buffer.byteLength(a) <= 64)).toBe(true)
  })

  it('replaces non-ASCII characters one by one', () => {
    expect(aliasesOf([tool('extension/x:météo'), tool('extension/y:天気'), tool('extension/z:天気')])).toEqual([
      'm_t_o',
      '__',
      '____2',
    ])
  })

  it('builds MCP aliases from the server name and tool', () => {
    expect(aliasesOf([tool('mcp/3f2a:search.issues', 'GitHub'), tool('mcp/9c1d:search.issues', 'GitHub')])).toEqual([
      'mcp__GitHub__search_issues',
      'mcp__GitHub__search_issues__2',
    ])
    const long = aliasesOf([
      tool(`mcp/1:${'t'.repeat(60)}`, 's'.repeat(30)),
      tool(`mcp/2:${'t'.repeat(60)}`, 's'.repeat(30)),
    ])
    expect(long[0]).toBe(`mcp__${'s'.repeat(20)}__${'t'.repeat(37)}`)
    expect(long[1]).toBe(`mcp__${'s'.repeat(20)}__${'t'.repeat(34)}__2`)
  })

  it('reports aliases that had to change', () => {
    const { diagnostics } = allocateAliases(
      [tool('extension/a:x'), tool('extension/b:x'), tool(`extension/c:${'y'.repeat(70)}`)],
      openai,
      [],
    )
    expect(diagnostics.map((d) => d.toolId)).toEqual(['extension/b:x', `extension/c:${'y'.repeat(70)}`])
    expect(diagnostics[0]?.message).toBe('extension/b:x is offered as "x__2": "x" is taken')
    expect(diagnostics[1]?.message).toContain('is longer than 64 bytes')
  })

  it("applies Gemini's first-character rule only for Gemini", () => {
    const tools = [tool('extension/x:3d_render'), tool('extension/x:-dash')]
    expect(aliasesOf(tools, [], getProtocol('gemini'))).toEqual(['_3d_render', '_-dash'])
    expect(aliasesOf(tools, [], getProtocol('anthropic'))).toEqual(['3d_render', '-dash'])
  })

  it.each(protocolNames)('gives %s only names it accepts', (name) => {
    const protocol = getProtocol(name)
    const tools = [
      tool('extension/x:9lives'),
      tool(`extension/x:${'é'.repeat(40)}`),
      tool('mcp/1:do it', '!!'),
      tool('builtin:dice.roll'),
    ]
    for (const alias of aliasesOf(tools, ['dice_roll'], protocol)) expect(protocol.isValidName(alias), alias).toBe(true)
  })
})
