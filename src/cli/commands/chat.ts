import { ModelConfigError } from '../../agent/providers/index.js'
import { startChat } from '../../chat/start-chat.js'
import type { ToolHost } from '../../host/create-tool-host.js'
import { chatCommands } from '../chat/chat-commands.js'
import { exitCodes, UsageError, type CliIo } from '../cli-io.js'
import { agentRunOptions, modeOption, parseCommandArgs, profileOption, scopeOption } from '../common-options.js'
import { runCommand } from './run.js'

const options = agentRunOptions

/**
 * `toolhost chat [--model provider:model] [--base-url URL] [--api-key KEY] [--profile FILE] [--scope S]
 * [--resume <runId>] [--mode M]`: the interactive terminal chat. Without a terminal on both ends
 * it is `toolhost run` (the prompt from the arguments or standard input).
 */
export async function chatCommand(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, options)
  if (!interactive(io)) {
    // A pipe or a file has no keys to read: one prompt, one run, as `run` does it.
    const prompt = positionals.length > 0 ? positionals : values.resume === undefined ? ['-'] : []
    return runCommand(host, [...args.filter((arg) => !positionals.includes(arg)), ...prompt], io)
  }
  if (positionals.length > 0)
    throw new UsageError('chat takes no prompt: type it in the chat (or pipe it in to run once)')
  const scope = scopeOption(values.scope)
  const mode = values.mode === undefined ? undefined : modeOption(values.mode)
  const profile = await profileOption(values.profile)
  const stored = values.resume === undefined ? undefined : host.store().getRun(values.resume)
  if (values.resume !== undefined && stored === undefined)
    throw new UsageError(`no run ${values.resume} in the store; "toolhost runs list" shows them`)
  const started =
    values.resume === undefined ? undefined : host.store().runEvents(values.resume, { type: 'run_started' })[0]
  const model =
    values.model ??
    (started === undefined ? undefined : String(started.data.model)) ??
    (await host.resolveProfile(profile)).profile.model
  if (model === undefined) throw new UsageError('chat needs --model provider:model (or a profile with "model")')
  try {
    const runId = await startChat({
      host,
      model,
      scope: stored?.scope ?? scope,
      commands: chatCommands,
      color: wantsColor(),
      ...(values['base-url'] !== undefined && { baseUrl: values['base-url'] }),
      ...(values['api-key'] !== undefined && { apiKey: values['api-key'] }),
      ...(profile !== undefined && { profile }),
      ...(mode !== undefined && { mode }),
      ...(values.resume !== undefined && { resume: values.resume }),
    })
    if (runId !== undefined) io.err(`chat ${runId}: go on with "toolhost chat --resume ${runId}"`)
    return exitCodes.ok
  } catch (error) {
    if (error instanceof ModelConfigError) {
      io.err(`toolhost: ${error.message}`)
      return exitCodes.usage
    }
    throw error
  }
}

/** Keys in and a screen out: both standard input and output are terminals. */
function interactive(io: CliIo): boolean {
  return io.terminal?.stdoutIsTTY === true && process.stdin.isTTY === true
}

/** Colour unless NO_COLOR is set (to anything) or the terminal is dumb. */
function wantsColor(): boolean {
  const noColor = process.env.NO_COLOR
  return (noColor === undefined || noColor === '') && process.env.TERM !== 'dumb'
}
