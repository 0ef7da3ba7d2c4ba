import { describe, expect, it } from 'vitest'
import { formatToolId, isToolId, parseToolId, ToolIdError } from './tool-id.js'

describe('parseToolId', () => {
  it('splits at the first colon', () => {
    expect(parseToolId('mcp/srv:ns:tool')).toEqual({
      id: 'mcp/srv:ns:tool',
      provider: 'mcp/srv',
      kind: 'mcp',
      sourceId: 'srv',
      nativeName: 'ns:tool',
    })
  })

  it('reads each provider kind', () => {
    expect(parseToolId('builtin:workspace.read_file')).toMatchObject({
      kind: 'builtin',
      sourceId: '',
      nativeName: 'workspace.read_file',
    })
    expect(parseToolId('extension/notes:append')).toMatchObject({ kind: 'extension', sourceId: 'notes' })
    expect(parseToolId('process/weather:weather_now')).toMatchObject({ kind: 'process', sourceId: 'weather' })
    expect(parseToolId('mcp/3f2a-9b:search')).toMatchObject({ kind: 'mcp', sourceId: '3f2a-9b' })
  })

  it.each([
    ['no-colon', /has no ":"/],
    [':name', /empty provider/],
    ['builtin:', /empty tool name/],
    ['plugin/x:y', /unknown provider "plugin"/],
    ['mcp:y', /needs an id/],
    ['builtin/x:y', /takes no/],
  ])('rejects %s', (id, message) => {
    expect(() => parseToolId(id)).toThrow(ToolIdError)
    expect(() => parseToolId(id)).toThrow(message)
  })
})

describe('formatToolId', () => {
  it('joins provider and name', () => {
    expect(formatToolId('extension/notes', 'append')).toBe('extension/notes:append')
    expect(formatToolId('mcp/a', 'b:c')).toBe('mcp/a:b:c')
  })

  it('rejects a provider containing ":" and empty parts', () => {
    expect(() => formatToolId('mcp/a:b', 'c')).toThrow(/must not contain ":"/)
    expect(() => formatToolId('', 'c')).toThrow(ToolIdError)
    expect(() => formatToolId('builtin', '')).toThrow(ToolIdError)
  })

  it('round-trips with parseToolId', () => {
    const parsed = parseToolId('process/weather:now')
    expect(formatToolId(parsed.provider, parsed.nativeName)).toBe('process/weather:now')
    expect(isToolId('process/weather:now')).toBe(true)
    expect(isToolId('weather')).toBe(false)
  })
})
