import { describe, expect, it } from 'vitest'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpToolPermission, McpToolRecord } from '../../store/mcp-servers.js'
import { cacheFromListing } from './list-tools.js'
import { mapCallResult } from './map-call-result.js'

describe('mapCallResult', () => {
  it('joins text, adds structured details unless the text repeats them, and passes audio on as a file', () => {
    const output = mapCallResult({
      content: [
        { type: 'text', text: 'Done.' },
        { type: 'audio', data: 'AAEC', mimeType: 'audio/wav' },
      ],
      structuredContent: { count: 2 },
    })
    expect(output.content).toBe('Done.\n\nDetails:\n{\n  "count": 2\n}')
    expect(output.structured).toEqual({ count: 2 })
    expect(output.files?.map((f) => ({ ...f, bytes: [...f.bytes] }))).toEqual([
      { bytes: [0, 1, 2], mimeType: 'audio/wav' },
    ])
    expect(
      mapCallResult({ content: [{ type: 'text', text: '{"b":1,"a":2}' }], structuredContent: { a: 2, b: 1 } }).content,
    ).toBe('{"b":1,"a":2}')
  })

  it('passes binary embedded resources on as files, keeps text resources inline and lists resource links', () => {
    const output = mapCallResult({
      content: [
        {
          type: 'resource',
          resource: { uri: 'file:///r.pdf', mimeType: 'application/pdf', blob: Buffer.from('%PDF').toString('base64') },
        },
        { type: 'resource', resource: { uri: 'file:///raw', blob: 'AQ==' } },
        { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' } },
        { type: 'resource_link', uri: 'file:///b.md', name: 'b', mimeType: 'text/markdown' },
      ],
    })
    expect(output.content).toBe(
      'Resource file:///a.txt (text/plain):\nhello\n\n[resource link file:///b.md (text/markdown): b]',
    )
    expect(output.files?.map((f) => ({ ...f, bytes: Buffer.from(f.bytes).toString('latin1') }))).toEqual([
      { bytes: '%PDF', mimeType: 'application/pdf', name: 'file:///r.pdf' },
      { bytes: '\u0001', mimeType: 'application/octet-stream', name: 'file:///raw' },
    ])
    expect(output.images).toBeUndefined()
  })

  it('turns isError into a tool error with the server text', () => {
    expect(() => mapCallResult({ content: [{ type: 'text', text: 'no such file' }], isError: true })).toThrow(
      'no such file',
    )
  })
})

describe('cacheFromListing', () => {
  const tool = (name: string, description: string): Tool => ({ name, description, inputSchema: { type: 'object' } })

  it('starts new tools Off, keeps unchanged permissions, and takes Allow from a changed tool', () => {
    const first = cacheFromListing([tool('a', 'A'), tool('b', 'B'), tool('c', 'C')], [])
    expect(first.map((t) => t.permission)).toEqual(['off', 'off', 'off'])
    const given: McpToolPermission[] = ['allow', 'allow', 'ask']
    const previous = first.map((t, i): McpToolRecord => ({
      ...t,
      registrationId: 'r',
      listedAt: 0,
      permission: given[i] ?? 'off',
    }))
    const next = cacheFromListing(
      [tool('a', 'A'), tool('b', 'B changed'), tool('c', 'C changed'), tool('d', 'D')],
      previous,
    )
    expect(Object.fromEntries(next.map((t) => [t.name, t.permission]))).toEqual({
      a: 'allow',
      b: 'off',
      c: 'ask',
      d: 'off',
    })
  })
})
