import type { ToolHost } from '../../host/create-tool-host.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes } from '../cli-io.js'
import { parseCommandArgs, profileOption, protocolOption, scopeOption, snapshotOptions } from '../common-options.js'
import { formatTable } from '../format-table.js'
import { counted } from '../../text/quantities.js'

/** `toolhost tools list`: the tools a profile offers in a scope, by alias and id, deferred ones marked. */
export async function toolsList(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, snapshotOptions)
  const scope = scopeOption(values.scope)
  const { snapshot, profile } = await host.snapshot({ profile: await profileOption(values.profile), scope, protocol: protocolOption(values.protocol, 'openai-responses') })
  const { bindings, diagnostics } = snapshot
  if (values.json) {
    const tools = bindings.map(({ toolId, alias, description, annotations, inputSchema, deferred }) => ({ id: toolId, alias, description, annotations, inputSchema, ...(deferred === true && { deferred }) }))
    io.out(JSON.stringify({ scope, profile: profile.id, tools, diagnostics }, null, 2))
    return exitCodes.ok
  }
  // Deferred tools are not sent to the model: it finds them with tools_search.
  io.out(formatTable(['ALIAS', 'ID', 'DESCRIPTION'], bindings.map((b) => [b.alias, b.toolId, `${b.deferred === true ? '[deferred] ' : ''}${firstLine(b.description)}`])))
  const deferred = bindings.filter((b) => b.deferred === true).length
  if (deferred > 0) io.err(`note: ${counted(deferred, 'tool')} deferred: not sent to the model, found with tools_search and called with tools_call`)
  for (const d of diagnostics) io.err(`note: ${d.message}`)
  return exitCodes.ok
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? ''
  return line.length > 80 ? `${line.slice(0, 79)}…` : line
}
