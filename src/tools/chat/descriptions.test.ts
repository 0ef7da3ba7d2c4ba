import { describe, expect, it } from 'vitest'
import { builtinAlias } from '../../snapshot/tool-alias.js'
import type { DescriptionContext } from '../../tool/define-tool.js'
import { parseToolId } from '../../core/tool-id.js'
import { publishTools } from '../workspace/publish/index.js'
import { worldinfoTools } from '../worldinfo/index.js'
import { chatTools } from './index.js'

const contexts: DescriptionContext[] = [true, false].map((offered) => ({
  alias: (id) => builtinAlias(parseToolId(id).nativeName),
  has: () => offered,
  scope: 'chat',
  protocol: 'anthropic',
}))

describe('descriptions of the chat, lorebook and publishing tools', () => {
  for (const tool of [...chatTools, ...worldinfoTools, ...publishTools]) {
    it(`${tool.name} fills every placeholder and names tools only when offered`, () => {
      for (const ctx of contexts) {
        const text = typeof tool.description === 'string' ? tool.description : tool.description(ctx)
        expect(text).not.toMatch(/\{[A-Za-z]+\}/)
        if (!ctx.has('builtin:chat.search')) expect(text).not.toMatch(/chat_|workspace_write_file/)
      }
    })
  }
})
