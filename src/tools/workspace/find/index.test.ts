import { describe, expect, it } from 'vitest'
import { testCallContext } from '../../../../test/call-context.js'
import { findTools } from './index.js'

describe('findTools', () => {
  it('offers the three find tools, with descriptions that name other tools by alias', () => {
    expect(findTools.map((tool) => tool.name)).toEqual([
      'workspace.list_files',
      'workspace.glob',
      'workspace.search_files',
    ])
    const ctx = testCallContext({ alias: (id) => `alias<${id}>` })
    for (const tool of findTools) {
      const description = typeof tool.description === 'function' ? tool.description(ctx) : tool.description
      expect(description).toMatch(/alias<builtin:workspace\.[a-z_]+>/)
      expect(description).not.toMatch(/\{[a-zA-Z]+\}/)
      expect(description.length).toBeLessThan(1_200)
    }
  })
})
