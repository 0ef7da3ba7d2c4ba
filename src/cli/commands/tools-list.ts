import type { ToolHost } from '../../host/create-tool-host.js'
import type { NotOfferedTool } from '../../host/not-offered.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes } from '../cli-io.js'
import { parseCommandArgs, profileSelection, protocolOption, scopeOption, snapshotOptions } from '../common-options.js'
import { formatTable } from '../format-table.js'
import { counted } from '../../text/quantities.js'

/** `toolhost tools list`: the tools a profile offers in a scope, by alias and id, deferred ones marked, and the discovered tools it leaves out. */
export async function toolsList(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, snapshotOptions)
  const scope = scopeOption(values.scope)
  const { snapshot, profile, notOffered } = await host.snapshot({
    ...(await profileSelection(values.profile)),
    scope,
    protocol: protocolOption(values.protocol, 'openai-responses'),
  })
  const { bindings, diagnostics } = snapshot
  if (values.json) {
    const tools = bindings.map(({ toolId, alias, description, annotations, inputSchema, deferred }) => ({
      id: toolId,
      alias,
      description,
      annotations,
      inputSchema,
      ...(deferred === true && { deferred }),
    }))
    io.out(JSON.stringify({ scope, profile: profile.id, tools, notOffered, diagnostics }, null, 2))
    return exitCodes.ok
  }
  // Deferred tools are not sent to the model: it finds them with tools_search.
  io.out(
    formatTable(
      ['ALIAS', 'ID', 'DESCRIPTION'],
      bindings.map((b) => [
        b.alias,
        b.toolId,
        `${b.deferred === true ? '[deferred] ' : ''}${firstLine(b.description)}`,
      ]),
    ),
  )
  const deferred = bindings.filter((b) => b.deferred === true).length
  if (deferred > 0)
    io.err(
      `note: ${counted(deferred, 'tool')} deferred: not sent to the model, found with tools_search and called with tools_call`,
    )
  for (const d of diagnostics) if (d.code !== 'mcp.tool_off') io.err(`note: ${d.message}`)
  for (const line of notOfferedNotes(notOffered, profile.id)) io.err(`note: ${line}`)
  return exitCodes.ok
}

/** One note per kind of left-out tool, naming the tools and how to offer them. */
function notOfferedNotes(tools: readonly NotOfferedTool[], profileId: string): string[] {
  const notes: string[] = []
  const ids = (list: readonly NotOfferedTool[]) =>
    list.map((t) => (t.server === undefined ? t.toolId : `${t.toolId} (${t.server})`)).join(', ')
  const notAllowed = tools.filter((t) => t.reason === 'not-allowed')
  if (notAllowed.length > 0) {
    const patterns = [
      ...new Set(
        notAllowed.map((t) =>
          t.source === 'mcp'
            ? `mcp/${t.server !== undefined && /^[A-Za-z0-9_.-]+$/.test(t.server) ? t.server : '*'}:*`
            : `${t.source}/*`,
        ),
      ),
    ].map((p) => `"${p}"`)
    notes.push(
      `profile ${profileId} does not offer ${counted(notAllowed.length, 'discovered tool')}: ${ids(notAllowed)}; to offer them, add ${patterns.join(' or ')} to tools.allow of a profile file and pass --profile FILE`,
    )
  }
  const denied = tools.filter((t) => t.reason === 'denied')
  if (denied.length > 0) notes.push(`tools.deny of profile ${profileId} leaves out ${ids(denied)}`)
  for (const tool of tools.filter((t) => t.reason === 'off')) {
    const name = tool.toolId.slice(tool.toolId.indexOf(':') + 1)
    notes.push(
      `${tool.toolId} (${tool.server ?? ''}) is off; offer it with "toolhost mcp allow ${tool.server ?? ''} ${name}" (runs without asking) or "toolhost mcp ask ${tool.server ?? ''} ${name}"`,
    )
  }
  return notes
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? ''
  return line.length > 80 ? `${line.slice(0, 79)}…` : line
}
