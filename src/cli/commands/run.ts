import { readFile } from 'node:fs/promises'
import { ModelConfigError, describeModelError, isModelCallError } from '../../agent/providers/index.js'
import { loadLorebook } from '../../tools/worldinfo/index.js'
import { resumeAgentRun, runAgent } from '../../agent/loop/run-agent.js'
import { type AgentRunResult, type AgentRunRuntime } from '../../agent/loop/run-options.js'
import type { ToolHost } from '../../host/create-tool-host.js'
import type { ChatMessage } from '../../tool/run-services.js'
import { exitCodes, UsageError, type CliIo } from '../cli-io.js'
import { agentRunOptions, modeOption, parseCommandArgs, profileOption, scopeOption } from '../common-options.js'
import { runPrinter } from '../run-printer.js'
import { pausingActivity, terminalActivity } from '../terminal-activity.js'

const options = {
  ...agentRunOptions,
  conversation: { type: 'string' },
  lorebook: { type: 'string' },
  json: { type: 'boolean', default: false },
} as const

/**
 * `toolhost run "<prompt>"|- --model provider:model [--base-url URL] [--api-key KEY] [--profile FILE] [--scope S] [--json]`
 * and `toolhost run --resume <runId>`: runs an agent, streaming progress to the terminal (or JSON
 * lines of events). Exit 0 when the run completes, 3 when it waits for approval, 1 when it fails.
 */
export async function runCommand(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, options)
  const controller = new AbortController()
  const stop = () => controller.abort()
  process.once('SIGINT', stop)
  // Nobody reads the run's output any more (`toolhost run … | head -1`): cancel it rather than work unseen.
  io.outputClosed?.addEventListener('abort', stop, { once: true })
  const activity = terminalActivity(io, values.json)
  const scope =
    values.resume === undefined ? scopeOption(values.scope) : (host.store().getRun(values.resume)?.scope ?? 'session')
  const printer = runPrinter(io, { json: values.json, scope, ...(activity !== undefined && { activity }) })
  const runtime: AgentRunRuntime = {
    host,
    signal: controller.signal,
    onEvent: printer.onEvent,
    ...(io.approver !== undefined && { approver: pausingActivity(io.approver, activity) }),
    ...(values['base-url'] !== undefined && { baseUrl: values['base-url'] }),
    ...(values['api-key'] !== undefined && { apiKey: values['api-key'] }),
    ...(values.mode !== undefined && { permissionMode: modeOption(values.mode) }),
  }
  try {
    let result: AgentRunResult
    if (values.resume !== undefined) {
      if (positionals.length > 0)
        throw new UsageError('run --resume takes no prompt: the run goes on from where it stopped')
      result = await resumeAgentRun({
        ...runtime,
        runId: values.resume,
        ...(values.model !== undefined && { model: values.model }),
      })
    } else {
      const prompt = (
        positionals.length === 1 && positionals[0] === '-' ? await io.readStdin() : positionals.join(' ')
      ).trim()
      if (prompt === '')
        throw new UsageError(
          'run needs a prompt: toolhost run "<prompt>" --model provider:model ("-" reads it from standard input)',
        )
      const profile = await profileOption(values.profile)
      const model = values.model ?? (await host.resolveProfile(profile)).profile.model
      if (model === undefined) throw new UsageError('run needs --model provider:model (or a profile with "model")')
      result = await runAgent({
        ...runtime,
        model,
        prompt,
        scope,
        ...(profile !== undefined && { profile }),
        ...(values.conversation !== undefined && { conversation: await readConversation(values.conversation) }),
        ...(values.lorebook !== undefined && { lorebook: await loadLorebook(values.lorebook) }),
      })
    }
    printer.endLine()
    return report(result, io, values.json)
  } catch (error) {
    printer.endLine()
    if (error instanceof UsageError) throw error
    if (error instanceof ModelConfigError) {
      io.err(`toolhost: ${error.message}`)
      return exitCodes.usage
    }
    io.err(
      `toolhost: ${isModelCallError(error) ? describeModelError(error, { ...(values['base-url'] !== undefined && { baseUrl: values['base-url'] }) }) : error instanceof Error ? error.message : String(error)}`,
    )
    return exitCodes.failed
  } finally {
    activity?.stop()
    process.off('SIGINT', stop)
    io.outputClosed?.removeEventListener('abort', stop)
  }
}

function report(result: AgentRunResult, io: CliIo, json: boolean): number {
  if (json) io.out(JSON.stringify({ type: 'result', ...result }))
  else {
    io.err(`\nrun ${result.runId} ${result.status}${result.reason === '' ? '' : ` (${result.reason})`}`)
    if (result.status === 'paused')
      io.err(
        `waiting for ${result.approvalIds.join(', ')}: decide with "toolhost approvals approve|deny <id>", then "toolhost run --resume ${result.runId}"`,
      )
  }
  if (result.status === 'completed') return exitCodes.ok
  if (result.status === 'paused') return exitCodes.pending
  return exitCodes.failed
}

/** A conversation file: a JSON array of `{role, text, name?}`. */
async function readConversation(path: string): Promise<ChatMessage[]> {
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'))
  if (
    !Array.isArray(parsed) ||
    !parsed.every(
      (m) =>
        typeof m === 'object' &&
        m !== null &&
        typeof (m as ChatMessage).text === 'string' &&
        ['user', 'assistant', 'system'].includes((m as ChatMessage).role),
    )
  ) {
    throw new UsageError(
      `--conversation ${path} must be a JSON array of {"role": "user"|"assistant"|"system", "text": "...", "name"?: "..."}`,
    )
  }
  return parsed as ChatMessage[]
}
