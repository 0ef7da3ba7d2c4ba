import type { ToolHost } from '../../host/create-tool-host.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes } from '../cli-io.js'
import { parseCommandArgs, profileSelection, protocolOption, scopeOption, snapshotOptions } from '../common-options.js'

/** `toolhost snapshot --protocol P`: the tool list a model of that protocol would get, with schemas. */
export async function snapshotCommand(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, snapshotOptions)
  const protocol = protocolOption(values.protocol)
  const { snapshot } = await host.snapshot({
    ...(await profileSelection(values.profile)),
    scope: scopeOption(values.scope),
    protocol,
  })
  if (values.json) {
    io.out(JSON.stringify(snapshot, null, 2))
    return exitCodes.ok
  }
  io.out(`snapshot ${snapshot.id} · ${snapshot.protocol} · scope ${snapshot.scope} · profile ${snapshot.profileId}`)
  for (const binding of snapshot.bindings) {
    io.out(
      `\n${binding.alias}  (${binding.toolId})${binding.strict ? '  strict' : ''}${binding.deferred === true ? '  deferred (not sent; found with tools_search)' : ''}`,
    )
    io.out(binding.description.replace(/^/gm, '  '))
    io.out(JSON.stringify(binding.inputSchema, null, 2).replace(/^/gm, '  '))
  }
  for (const d of snapshot.diagnostics) io.err(`note: ${d.message}`)
  return exitCodes.ok
}
