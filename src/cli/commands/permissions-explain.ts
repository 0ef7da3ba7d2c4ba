import type { ToolHost } from '../../host/create-tool-host.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes, UsageError } from '../cli-io.js'
import { parseCommandArgs, profileOption, protocolOption, scopeOption, snapshotOptions } from '../common-options.js'

/** `toolhost permissions explain <tool> [ARGUMENTS]`: which rule decides a call, and why. */
export async function permissionsExplain(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, snapshotOptions)
  const [tool, rawArguments, ...extra] = positionals
  if (tool === undefined)
    throw new UsageError(
      'permissions explain needs a tool: toolhost permissions explain <toolId|alias|name> [ARGUMENTS]',
    )
  if (extra.length > 0) throw new UsageError('permissions explain takes one ARGUMENTS value; quote the JSON')
  let explanation
  try {
    explanation = await host.explainPermission(tool, rawArguments, await profileOption(values.profile), {
      scope: scopeOption(values.scope),
      protocol: protocolOption(values.protocol, 'openai-responses'),
    })
  } catch (error) {
    if (error instanceof TypeError) throw new UsageError(error.message)
    throw error
  }
  if (values.json) {
    io.out(JSON.stringify(explanation, null, 2))
    return exitCodes.ok
  }
  io.out(`${explanation.behavior.toUpperCase()}: ${explanation.reason}`)
  if (!explanation.offered)
    io.out(
      `note: the profile does not offer ${explanation.toolId}, so no call of it runs; "toolhost tools list" says how to offer it`,
    )
  if (explanation.rule !== undefined) io.out(`rule: ${explanation.rule}`)
  io.out(explanation.trace.map((step) => `  - ${step}`).join('\n'))
  return exitCodes.ok
}
