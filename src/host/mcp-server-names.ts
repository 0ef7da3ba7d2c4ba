import type { Profile } from '../profile/profile-schema.js'

/** An MCP server as profiles may name it: by its registration id or by the name given to `mcp add`. */
export interface NamedServer {
  readonly id: string
  readonly name: string
}

// `mcp/<server>:` at the start of a tool pattern or rule, the server named without globs.
const serverPrefix = /^mcp\/([^:/*?()\s]+):/

/**
 * Server names usable in patterns: names that look like an id part (no spaces, `:`, `/`, globs or
 * parentheses) and are no registration's id, each of one server only.
 */
function nameToId(servers: readonly NamedServer[]): Map<string, string> {
  const ids = new Set(servers.map((server) => server.id))
  const byName = new Map<string, string>()
  for (const { id, name } of servers) {
    if (!/^[A-Za-z0-9_.-]+$/.test(name) || ids.has(name)) continue
    byName.set(name, byName.has(name) ? '' : id)
  }
  return new Map([...byName].filter(([, id]) => id !== ''))
}

/**
 * A tool pattern or permission rule with an MCP server named by its `mcp add` name rewritten to
 * the server's registration id: `mcp/fs:list_directory(/srv)` → `mcp/mcp_3f…:list_directory(/srv)`.
 * Anything else is returned as it is.
 */
export function serverIdsIn(pattern: string, servers: readonly NamedServer[]): string {
  const match = serverPrefix.exec(pattern)
  if (match?.[1] === undefined) return pattern
  const id = nameToId(servers).get(match[1])
  return id === undefined ? pattern : `mcp/${id}:${pattern.slice(match[0].length)}`
}

/**
 * A rule with an MCP server's registration id rewritten to its `mcp add` name, for profile files
 * that should work on other machines (where the same server has another id). Kept as it is when
 * the name cannot stand in a pattern.
 */
export function serverNamesIn(rule: string, servers: readonly NamedServer[]): string {
  const match = serverPrefix.exec(rule)
  if (match?.[1] === undefined) return rule
  const name = [...nameToId(servers)].find(([, id]) => id === match[1])?.[0]
  return name === undefined ? rule : `mcp/${name}:${rule.slice(match[0].length)}`
}

/**
 * The profile with every tool pattern and rule that names an MCP server by its `mcp add` name
 * rewritten to the server's registration id (tools allow, deny and deferred lists, description
 * and budget keys, permission rules, hook matches), so that `mcp/fs:*` works like `mcp/<id>:*`.
 */
export function withServerIds(profile: Profile, servers: readonly NamedServer[]): Profile {
  if (nameToId(servers).size === 0) return profile
  const ids = (patterns: readonly string[]) => patterns.map((pattern) => serverIdsIn(pattern, servers))
  const keys = <V>(record: Readonly<Record<string, V>>) =>
    Object.fromEntries(Object.entries(record).map(([key, value]) => [serverIdsIn(key, servers), value]))
  const hooks = (list: Profile['hooks']['preTool']) =>
    list.map((hook) => (hook.match === undefined ? hook : { ...hook, match: serverIdsIn(hook.match, servers) }))
  const { tools, permissions } = profile
  return {
    ...profile,
    tools: {
      ...tools,
      allow: ids(tools.allow),
      deny: ids(tools.deny),
      deferred: tools.deferred === 'auto' ? 'auto' : ids(tools.deferred),
      descriptions: keys(tools.descriptions),
      maxCallsPerTool: keys(tools.maxCallsPerTool),
    },
    permissions: {
      ...permissions,
      allow: ids(permissions.allow),
      ask: ids(permissions.ask),
      deny: ids(permissions.deny),
    },
    hooks: { preTool: hooks(profile.hooks.preTool), postTool: hooks(profile.hooks.postTool) },
  }
}
