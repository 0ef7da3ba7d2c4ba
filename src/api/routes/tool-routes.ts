import type { ApiRoute } from '../route.js'
import { mcpRoutes } from './mcp/mcp-routes.js'
import { profileRoutes } from './profiles/profile-routes.js'
import { resultFileRoute } from './tools/result-file-route.js'
import { toolCallRoute } from './tools/tool-call-route.js'
import { toolListRoutes } from './tools/tool-list-routes.js'

/**
 * The tools, catalog, snapshots, result files, MCP servers and profiles of the API.
 * @example apiMount(ctx, access, sessions, [...toolRoutes, ...runRoutes])
 */
export const toolRoutes: readonly ApiRoute[] = [
  ...toolListRoutes,
  toolCallRoute,
  resultFileRoute,
  ...mcpRoutes,
  ...profileRoutes,
]
