import type { ToolHost } from '../../host/create-tool-host.js'
import type { McpRegistrationRecord } from '../../mcp/client/index.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes, UsageError } from '../cli-io.js'
import { parseCommandArgs } from '../common-options.js'
import { formatTable } from '../format-table.js'

const options = {
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  env: { type: 'string', multiple: true },
  json: { type: 'boolean', default: false },
} as const

const usage =
  'use: toolhost mcp add <name> -- <command…> | mcp add <name> --url <url> | mcp list | mcp discover <name> | mcp allow|ask|off <name> [tool…] | mcp remove <name>'

/** `toolhost mcp …`: register MCP servers, discover their tools, and set each tool Off / Ask / Allow. */
export async function mcpCommand(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const dashes = args.indexOf('--')
  const command = dashes < 0 ? [] : args.slice(dashes + 1)
  const { values, positionals } = parseCommandArgs(dashes < 0 ? args : args.slice(0, dashes), options)
  const [action, name, ...rest] = positionals
  const mcp = host.mcp()
  const find = (wanted: string | undefined): McpRegistrationRecord => {
    if (wanted === undefined) throw new UsageError(`mcp ${action ?? ''} needs a server name (see "toolhost mcp list")`)
    const found = mcp.registrations().find((r) => r.name === wanted || r.id === wanted)
    if (found === undefined)
      throw new UsageError(
        `no MCP server "${wanted}"; add it with "toolhost mcp add ${wanted} -- <command…>" or "--url <url>"`,
      )
    return found
  }
  switch (action) {
    case 'add': {
      if (name === undefined) throw new UsageError(usage)
      if (mcp.registrations().some((r) => r.name === name))
        throw new UsageError(`an MCP server named "${name}" exists already; remove it first`)
      const [program, ...programArgs] = command
      const transport =
        values.url !== undefined
          ? { kind: 'http' as const, url: values.url, headers: pairs(values.header, ':') }
          : program !== undefined
            ? { kind: 'stdio' as const, command: program, args: programArgs, env: pairs(values.env, '=') }
            : undefined
      if (transport === undefined) throw new UsageError(`mcp add needs "-- <command…>" or "--url <url>"`)
      const record = mcp.register(name, transport)
      io.out(`added ${record.name} (${record.id}); discover its tools with "toolhost mcp discover ${record.name}"`)
      return exitCodes.ok
    }
    case 'list': {
      const rows = mcp.registrations().map((r) => [r.name, r.id, r.transport.kind, String(mcp.tools(r.id).length)])
      if (values.json)
        io.out(
          JSON.stringify(
            mcp
              .registrations()
              .map((r) => ({ ...r, tools: mcp.tools(r.id).map((t) => ({ name: t.name, permission: t.permission })) })),
            null,
            2,
          ),
        )
      else io.out(rows.length === 0 ? 'No MCP servers.' : formatTable(['NAME', 'ID', 'TRANSPORT', 'TOOLS'], rows))
      return exitCodes.ok
    }
    case 'discover': {
      const record = find(name)
      const tools = await mcp.discover(record.id)
      io.out(
        formatTable(
          ['TOOL', 'PERMISSION', 'DESCRIPTION'],
          tools.map((t) => [t.name, t.permission, firstLine(t.definition.description)]),
        ),
      )
      return exitCodes.ok
    }
    case 'allow':
    case 'ask':
    case 'off': {
      const record = find(name)
      const known = mcp.tools(record.id)
      if (known.length === 0)
        throw new UsageError(`no tools of ${record.name} are known; run "toolhost mcp discover ${record.name}" first`)
      const wanted = rest.length === 0 ? known.map((t) => t.name) : rest
      for (const tool of wanted) {
        if (!known.some((t) => t.name === tool))
          throw new UsageError(`${record.name} has no tool "${tool}"; known: ${known.map((t) => t.name).join(', ')}`)
        mcp.setPermission(record.id, tool, action)
      }
      io.out(`${wanted.join(', ')}: ${action}`)
      io.err(`note: ${permissionMeaning(action, record.name)}`)
      return exitCodes.ok
    }
    case 'remove': {
      const record = find(name)
      await mcp.unregister(record.id)
      io.out(`removed ${record.name}`)
      return exitCodes.ok
    }
    default:
      throw new UsageError(usage)
  }
}

function pairs(entries: readonly string[] | undefined, separator: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const entry of entries ?? []) {
    const at = entry.indexOf(separator)
    if (at <= 0) throw new UsageError(`"${entry}" must be NAME${separator}VALUE`)
    out[entry.slice(0, at).trim()] = entry.slice(at + 1).trim()
  }
  return out
}

function firstLine(text: unknown): string {
  const line = String(text ?? '').split('\n', 1)[0] ?? ''
  return line.length > 70 ? `${line.slice(0, 69)}…` : line
}

/** What Off / Ask / Allow mean for calls, said once where people set them. */
function permissionMeaning(permission: 'allow' | 'ask' | 'off', server: string): string {
  const offered = `a profile offers it with "mcp/${/^[A-Za-z0-9_.-]+$/.test(server) ? server : '*'}:*" (or "mcp/*") in tools.allow`
  if (permission === 'off') return 'hidden from every profile; no call reaches the server'
  if (permission === 'ask') return `${offered}; every call asks a person first, whatever the profile's rules allow`
  return `${offered}; calls run without asking, unless the profile's deny or ask rules say otherwise`
}
