import { z } from 'zod'
import { protocolNames, type ProtocolName } from '../../../core/protocol-name.js'
import { scopes } from '../../../core/scope.js'
import { parseToolId } from '../../../core/tool-id.js'
import { permissionRulesFor } from '../../../permissions/decide-call.js'
import { evaluatePermission } from '../../../permissions/rules/evaluate-permission.js'
import type { Profile } from '../../../profile/profile-schema.js'
import type { ApiContext } from '../../api-context.js'
import { defineRoute } from '../../route.js'
import { profileIdSchema, profileRef, withProfile } from './profile-selection.js'

const scopeSchema = z.enum(scopes).default('session').describe('Where the tools would run: "session" or "chat"')
const selection = z.object({
  scope: scopeSchema,
  profile: profileIdSchema.optional().describe("A profile id; the daemon's profile (or default) when absent"),
})
const jsonSchema = z.record(z.string(), z.unknown()).describe('JSON Schema (2020-12)')
const diagnostic = z.object({ code: z.string(), message: z.string() })

const toolSchema = z.object({
  id: z.string().describe('Stable tool id, e.g. builtin:workspace.read or mcp/<serverId>:<tool>'),
  source: z.enum(['builtin', 'mcp', 'extension', 'process']),
  name: z.string().describe('The native name, the id after its provider'),
  description: z.string(),
  aliases: z
    .record(z.string(), z.string())
    .describe('The name a model calls the tool by, per protocol; absent for protocols whose snapshot leaves it out'),
  offered: z.boolean().describe('Whether the profile offers the tool in the scope'),
  deferred: z.boolean().describe('Offered behind tools_search rather than sent to the model'),
  permission: z
    .enum(['allow', 'ask', 'deny'])
    .describe("What the profile's rules and mode decide for a call whose input names nothing more specific"),
  readOnly: z.boolean(),
  diagnostics: z.array(diagnostic).describe('Why the tool cannot be offered, or is offered with a caveat'),
  inputSchema: jsonSchema,
})

const bindingSchema = z.object({
  alias: z.string(),
  toolId: z.string(),
  description: z.string(),
  inputSchema: jsonSchema.describe("The input schema compiled for the protocol's wire"),
  deferred: z.boolean(),
})
const notOfferedSchema = z.object({
  toolId: z.string(),
  source: z.enum(['mcp', 'extension', 'process']),
  reason: z
    .enum(['off', 'not-allowed', 'denied'])
    .describe(
      '"off": an MCP tool set to Off; "not-allowed": no tools.allow pattern names it; "denied": tools.deny names it',
    ),
  server: z.string().optional().describe("The MCP server's name"),
})

/**
 * `GET /api/tools` (the catalog with each tool's aliases and permission under a profile) and
 * `GET /api/snapshots/:protocol` (the snapshot an invocation would get).
 * @example apiMount(ctx, access, sessions, [...toolListRoutes])
 */
export const toolListRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/tools',
    tag: 'tools',
    summary: 'Every tool of the catalog in a scope, with its aliases and permission under a profile',
    query: selection,
    response: z.object({ profileId: z.string(), scope: z.enum(scopes), tools: z.array(toolSchema) }),
    handle: async ({ query, ctx }) => {
      const ref = profileRef(ctx, query.profile)
      const snapshots = await withProfile(() =>
        Promise.all(
          protocolNames.map(async (protocol) => ({
            protocol,
            ...(await ctx.host.snapshot({
              ...(ref !== undefined && { profile: ref }),
              scope: query.scope,
              protocol,
              acceptsImages: true,
            })),
          })),
        ),
      )
      const [first] = snapshots
      if (first === undefined) throw new Error('no protocol is known')
      const { profile, snapshot } = first
      const aliases = aliasesById(snapshots)
      const tools = ctx.host
        .catalog({ scope: query.scope })
        .filter((tool) => tool.scopes.includes(query.scope))
        .map((tool) => {
          const binding = snapshot.bindings.find((b) => b.toolId === tool.id)
          const readOnly = tool.annotations.readOnly === true
          return {
            id: tool.id,
            source: tool.source,
            name: parseToolId(tool.id).nativeName,
            description: tool.description,
            aliases: aliases.get(tool.id) ?? {},
            offered: binding !== undefined,
            deferred: binding?.deferred === true,
            permission: toolPermission(ctx, profile, tool.id, readOnly),
            readOnly,
            diagnostics: snapshot.diagnostics
              .filter((d) => d.toolId === tool.id)
              .map(({ code, message }) => ({ code, message })),
            inputSchema: tool.inputSchema as Record<string, unknown>,
          }
        })
      return { body: { profileId: profile.id, scope: query.scope, tools } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/snapshots/:protocol',
    tag: 'tools',
    summary: 'The snapshot an invocation would get: aliases and compiled schemas for one protocol',
    params: z.object({ protocol: z.enum(protocolNames).describe('The model wire dialect') }),
    query: selection,
    response: z.object({
      protocol: z.enum(protocolNames),
      scope: z.enum(scopes),
      profileId: z.string(),
      tools: z.array(bindingSchema),
      notOffered: z.array(notOfferedSchema).describe('Discovered tools the profile leaves out, and why'),
      diagnostics: z.array(diagnostic.extend({ toolId: z.string() })),
    }),
    handle: async ({ params, query, ctx }) => {
      const ref = profileRef(ctx, query.profile)
      const { snapshot, notOffered } = await withProfile(() =>
        ctx.host.snapshot({
          ...(ref !== undefined && { profile: ref }),
          scope: query.scope,
          protocol: params.protocol,
          acceptsImages: true,
        }),
      )
      return {
        body: {
          protocol: snapshot.protocol,
          scope: snapshot.scope,
          profileId: snapshot.profileId,
          tools: snapshot.bindings.map((b) => ({
            alias: b.alias,
            toolId: b.toolId,
            description: b.description,
            inputSchema: b.inputSchema as Record<string, unknown>,
            deferred: b.deferred === true,
          })),
          notOffered: notOffered.map((t) => ({ ...t })),
          diagnostics: snapshot.diagnostics.map(({ toolId, code, message }) => ({ toolId, code, message })),
        },
      }
    },
  }),
]

function aliasesById(
  snapshots: readonly {
    readonly protocol: ProtocolName
    readonly snapshot: { readonly bindings: readonly { toolId: string; alias: string }[] }
  }[],
): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>()
  for (const { protocol, snapshot } of snapshots)
    for (const binding of snapshot.bindings)
      out.set(binding.toolId, { ...out.get(binding.toolId), [protocol]: binding.alias })
  return out
}

/**
 * The rules' decision for a call of the tool as a whole. An MCP tool set to Allow by a person
 * counts as an allow rule; one set to Ask asks whatever the rules allow (as its own check does).
 */
function toolPermission(
  ctx: ApiContext,
  profile: Profile,
  toolId: string,
  readOnly: boolean,
): 'allow' | 'ask' | 'deny' {
  const parsed = parseToolId(toolId)
  const mcpPermission =
    parsed.kind === 'mcp'
      ? ctx.host
          .mcp()
          .tools(parsed.sourceId)
          .find((t) => t.name === parsed.nativeName)?.permission
      : undefined
  const verdict = evaluatePermission(
    permissionRulesFor({ id: toolId, allowedByPerson: () => mcpPermission === 'allow' }, profile),
    { toolId, readOnly },
  ).behavior
  if (mcpPermission === 'ask' && verdict === 'allow') return 'ask'
  return mcpPermission === 'off' ? 'deny' : verdict
}
