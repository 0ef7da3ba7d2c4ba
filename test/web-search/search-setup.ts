import { parseProfile } from '../../src/profile/load-profile.js'
import { currentProfileSchemaVersion, type Profile } from '../../src/profile/profile-schema.js'
import type { ToolCallContext } from '../../src/tool/define-tool.js'
import { createWebSearchTool, type WebSearchToolOptions } from '../../src/tools/web/search/index.js'
import { testCallContext } from '../call-context.js'
import { callTool } from '../tool-calls.js'

/** API keys of the tests: they must never appear in anything the model or the store gets. */
export const braveKey = 'brave-test-key-7f3a9c'
export const tavilyKey = 'tvly-test-key-2b8e41'

/** A profile with these `webSearch` settings, and other settings when given. */
export function searchProfile(webSearch: Record<string, unknown>, other: Record<string, unknown> = {}): Profile {
  return parseProfile(
    { schemaVersion: currentProfileSchemaVersion, id: 'search-test', webSearch, ...other },
    'search-test',
  )
}

/** Calls a `web.search` built with `options` under `profile`, as a model call outside an invocation. */
export function search(
  profile: Profile,
  input: { query: string; allowed_domains?: string[]; blocked_domains?: string[]; max_results?: number },
  options: WebSearchToolOptions = {},
  context: Partial<ToolCallContext> = {},
) {
  const tool = createWebSearchTool({ env: {}, ...options })
  return callTool(tool, input, testCallContext({ profile, ...context }))
}
