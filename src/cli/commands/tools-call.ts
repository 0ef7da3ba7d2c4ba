import { snapshotIndex } from '../../snapshot/snapshot-index.js'
import { TurnPausedError } from '../../execution/execute-turn.js'
import type { ToolHost } from '../../host/create-tool-host.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes, UsageError } from '../cli-io.js'
import { parseCommandArgs, profileSelection, protocolOption, scopeOption, snapshotOptions } from '../common-options.js'
import { pausingActivity, terminalActivity } from '../terminal-activity.js'

/**
 * `toolhost tools call <toolId|alias|name> [ARGUMENTS]`: one call through the whole gate, as a
 * model's would go. ARGUMENTS is the raw wire text (JSON); `-` reads it from standard input.
 */
export async function toolsCall(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, snapshotOptions)
  const [target, rawArguments, ...extra] = positionals
  if (target === undefined)
    throw new UsageError('tools call needs a tool: toolhost tools call <toolId|alias|name> [ARGUMENTS]')
  if (extra.length > 0)
    throw new UsageError(`tools call takes one ARGUMENTS value; quote the JSON (got ${extra.length + 1} values)`)
  const activity = terminalActivity(io, values.json === true)
  const invocation = await host.createInvocation({
    ...(await profileSelection(values.profile)),
    scope: scopeOption(values.scope),
    protocol: protocolOption(values.protocol, 'openai-responses'),
    // A person calling a tool by hand sees the file as it is: edits need no read in this one-call invocation.
    direct: true,
    ...(io.approver !== undefined && { approver: pausingActivity(io.approver, activity) }),
  })
  // A stable id (or a builtin's native name) is called by its alias; anything else goes to the gate as a model's name would.
  const index = snapshotIndex(invocation.snapshot)
  const binding = index.byToolId(target) ?? index.byToolId(`builtin:${target}`) ?? index.byAlias(target)
  const name = binding?.alias ?? target
  const wire = rawArguments === '-' ? await io.readStdin() : rawArguments
  // A deferred tool is called as a model would call it without a search: through tools_call.
  const call =
    binding?.deferred === true
      ? { callId: 'cli_1', name: 'tools_call', arguments: { tool: name, arguments: wire ?? '' } }
      : { callId: 'cli_1', name, arguments: wire }
  activity?.show(`running ${name}`)
  let results
  try {
    results = await invocation.executeTurn({ calls: [call] })
  } catch (error) {
    activity?.stop()
    if (!(error instanceof TurnPausedError)) throw error
    for (const id of error.approvalIds)
      io.err(`waiting for approval ${id}: run "toolhost approvals approve ${id}" or "toolhost approvals deny ${id}"`)
    return exitCodes.pending
  }
  activity?.stop()
  return printResult(results[0], values.json, io)
}

/** Prints a result as the model sees it (or as JSON) and returns the exit code. */
export function printResult(result: AgentToolResult | undefined, json: boolean | undefined, io: CliIo): number {
  if (result === undefined) throw new Error('the turn returned no result')
  if (json === true) io.out(JSON.stringify(result, null, 2))
  else if (result.isError) io.err(`${result.errorCode ?? 'error'}: ${result.content}`)
  else io.out(result.content)
  return result.isError ? exitCodes.failed : exitCodes.ok
}
