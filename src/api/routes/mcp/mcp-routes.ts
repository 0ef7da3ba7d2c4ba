import { z } from 'zod'
import type { McpClientManager, McpRegistrationRecord } from '../../../mcp/client/index.js'
import type { McpToolRecord } from '../../../store/mcp-servers.js'
import type { Store } from '../../../store/store.js'
import type { ApiContext } from '../../api-context.js'
import { ApiError, defineRoute } from '../../route.js'

const permissionSchema = z
  .enum(['off', 'ask', 'allow'])
  .describe('"off": hidden from every profile; "ask": each call asks a person; "allow": calls run without asking')

const toolSchema = z.object({
  name: z.string(),
  description: z.string(),
  permission: permissionSchema,
  listedAt: z.number().describe('When the last discovery listed it, in ms since the epoch'),
})

const serverSchema = z.object({
  id: z.string().describe('Stable id; tool ids are mcp/<id>:<tool>'),
  name: z.string().describe('Display name; it names the tools\u2019 aliases mcp__<name>__<tool>'),
  transport: z.enum(['stdio', 'http']),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  url: z.string().optional(),
  tools: z.array(toolSchema),
  discoveredAt: z.number().optional().describe('When its tools were last listed, in ms since the epoch'),
  error: z.string().optional().describe('Why the last discovery through the API failed'),
})

const nameParam = z.object({ name: z.string().min(1).describe('The server\u2019s name (or id)') })

/** Why the last discovery of a server failed, per store, until one succeeds. */
const discoveryErrors = new WeakMap<Store, Map<string, string>>()

function errorsOf(store: Store): Map<string, string> {
  let errors = discoveryErrors.get(store)
  if (errors === undefined) discoveryErrors.set(store, (errors = new Map()))
  return errors
}

function findServer(mcp: McpClientManager, name: string): McpRegistrationRecord {
  const found = mcp.registrations().find((r) => r.name === name || r.id === name)
  if (found === undefined)
    throw new ApiError(404, `No MCP server "${name}"; GET /api/mcp/servers lists them, POST /api/mcp/servers adds one`)
  return found
}

function serverView(ctx: ApiContext, record: McpRegistrationRecord): z.input<typeof serverSchema> {
  const tools = ctx.host.mcp().tools(record.id)
  const error = errorsOf(ctx.store).get(record.id)
  const listed = tools.map((t) => t.listedAt)
  return {
    id: record.id,
    name: record.name,
    transport: record.transport.kind,
    ...(record.transport.kind === 'stdio'
      ? { command: record.transport.command, args: [...record.transport.args] }
      : { url: record.transport.url }),
    tools: tools.map(toolView),
    ...(listed.length > 0 && { discoveredAt: Math.max(...listed) }),
    ...(error !== undefined && { error }),
  }
}

function toolView(tool: McpToolRecord): z.input<typeof toolSchema> {
  const description = tool.definition.description
  return {
    name: tool.name,
    description: typeof description === 'string' ? description : '',
    permission: tool.permission,
    listedAt: tool.listedAt,
  }
}

const addBody = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .describe('Display name; letters, digits, "_", "-" and "." keep the aliases readable'),
    command: z.string().min(1).optional().describe('For a stdio server: the program to start'),
    args: z.array(z.string()).optional().describe('For a stdio server: its arguments'),
    env: z.record(z.string(), z.string()).optional().describe('For a stdio server: extra environment variables'),
    url: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe('For a Streamable HTTP server: its endpoint'),
    headers: z.record(z.string(), z.string()).optional().describe('For an HTTP server: headers sent with each request'),
  })
  .superRefine((body, issues) => {
    if ((body.command === undefined) === (body.url === undefined))
      issues.addIssue({ code: 'custom', path: ['command'], message: 'give either "command" (stdio) or "url" (HTTP)' })
    if (body.url !== undefined && (body.args !== undefined || body.env !== undefined))
      issues.addIssue({ code: 'custom', path: ['args'], message: '"args" and "env" are for stdio servers' })
    if (body.command !== undefined && body.headers !== undefined)
      issues.addIssue({ code: 'custom', path: ['headers'], message: '"headers" are for HTTP servers' })
  })

/**
 * The MCP servers, as `toolhost mcp` manages them: list, add, discover, set each tool Off / Ask /
 * Allow, remove.
 * @example apiMount(ctx, access, sessions, [...mcpRoutes])
 */
export const mcpRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/mcp/servers',
    tag: 'mcp',
    summary: 'The registered MCP servers with their discovered tools',
    response: z.object({ servers: z.array(serverSchema) }),
    handle: async ({ ctx }) => ({
      body: {
        servers: ctx.host
          .mcp()
          .registrations()
          .map((record) => serverView(ctx, record)),
      },
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/mcp/servers',
    tag: 'mcp',
    summary: 'Registers an MCP server (nothing connects until it is discovered)',
    body: addBody,
    response: serverSchema,
    handle: async ({ body, ctx }) => {
      const mcp = ctx.host.mcp()
      if (mcp.registrations().some((r) => r.name === body.name))
        throw new ApiError(
          409,
          `An MCP server named "${body.name}" exists already; remove it first or pick another name`,
        )
      const transport =
        body.url !== undefined
          ? { kind: 'http' as const, url: body.url, ...(body.headers !== undefined && { headers: body.headers }) }
          : {
              kind: 'stdio' as const,
              command: body.command ?? '',
              ...(body.args !== undefined && { args: body.args }),
              ...(body.env !== undefined && { env: body.env }),
            }
      let record: McpRegistrationRecord
      try {
        record = mcp.register(body.name, transport)
      } catch (error) {
        if (error instanceof TypeError) throw new ApiError(400, error.message)
        throw error
      }
      return { status: 201, body: serverView(ctx, record) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/mcp/servers/:name/discover',
    tag: 'mcp',
    summary: 'Connects to the server and lists its tools; new tools start Off',
    params: nameParam,
    response: serverSchema,
    handle: async ({ params, ctx }) => {
      const mcp = ctx.host.mcp()
      const record = findServer(mcp, params.name)
      const errors = errorsOf(ctx.store)
      try {
        await mcp.discover(record.id)
        errors.delete(record.id)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        errors.set(record.id, message)
        throw new ApiError(502, `Discovery of ${record.name} failed: ${message}`)
      }
      return { body: serverView(ctx, record) }
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/mcp/servers/:name/tools/:tool',
    tag: 'mcp',
    summary: 'Sets whether a discovered tool is offered: Off, Ask or Allow',
    params: nameParam.extend({ tool: z.string().min(1).describe('The tool\u2019s name on the server') }),
    body: z.strictObject({ permission: permissionSchema }),
    response: toolSchema,
    handle: async ({ params, body, ctx }) => {
      const mcp = ctx.host.mcp()
      const record = findServer(mcp, params.name)
      const known = mcp.tools(record.id)
      if (!known.some((t) => t.name === params.tool))
        throw new ApiError(
          404,
          known.length === 0
            ? `No tools of ${record.name} are known; discover them first (POST /api/mcp/servers/${encodeURIComponent(record.name)}/discover)`
            : `${record.name} has no tool "${params.tool}"; known: ${known.map((t) => t.name).join(', ')}`,
        )
      mcp.setPermission(record.id, params.tool, body.permission)
      const tool = mcp.tools(record.id).find((t) => t.name === params.tool)
      if (tool === undefined) throw new Error('the tool vanished while its permission was set')
      return { body: toolView(tool) }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/mcp/servers/:name',
    tag: 'mcp',
    summary: 'Removes a server, its tools and their permissions, and closes its connection',
    params: nameParam,
    response: z.object({ removed: z.literal(true), id: z.string(), name: z.string() }),
    handle: async ({ params, ctx }) => {
      const mcp = ctx.host.mcp()
      const record = findServer(mcp, params.name)
      await mcp.unregister(record.id)
      errorsOf(ctx.store).delete(record.id)
      return { body: { removed: true as const, id: record.id, name: record.name } }
    },
  }),
]
