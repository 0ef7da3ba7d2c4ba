import { basename } from 'node:path'
import type { ToolHost } from '../../host/create-tool-host.js'
import { matchesToolPattern } from '../../core/tool-pattern.js'
import type { CommandHook } from '../../permissions/hooks/hook-types.js'
import { hookLabel, invokeHook, type HookRun } from '../../permissions/hooks/invoke-hook.js'
import { parsePostToolOutcome, parsePreToolOutcome } from '../../permissions/hooks/parse-outcome.js'
import { defaultHookTimeoutMs } from '../../permissions/hooks/run-hook-command.js'
import type { Profile } from '../../profile/profile-schema.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes, UsageError } from '../cli-io.js'
import { parseCommandArgs, profileOption } from '../common-options.js'
import { formatTable } from '../format-table.js'
import { hookTestInput, type HookList } from '../settings/hook-test-input.js'

const hookLists: readonly HookList[] = ['preTool', 'postTool']

/** A profile's command hook with its place. */
interface PlacedHook {
  readonly list: HookList
  readonly index: number
  readonly hook: CommandHook
}

/** `toolhost hooks list [--profile ID|FILE] [--json]`: a profile's pre- and post-tool hooks. */
export async function hooksList(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { profile: { type: 'string' }, json: { type: 'boolean' } })
  if (positionals.length > 0) throw new UsageError('hooks list takes no arguments')
  const { profile } = await host.resolveProfile(await profileOption(values.profile))
  const hooks = hooksOf(profile)
  if (values.json === true) {
    io.out(
      JSON.stringify(
        hooks.map(({ list, index, hook }) => ({ hook: `${list}[${index}]`, ...hook })),
        null,
        2,
      ),
    )
    return exitCodes.ok
  }
  if (hooks.length === 0) {
    io.out(`profile ${profile.id} has no hooks (hooks.preTool and hooks.postTool are empty)`)
    return exitCodes.ok
  }
  io.out(
    formatTable(
      ['HOOK', 'MATCH', 'TIMEOUT', 'COMMAND'],
      hooks.map(({ list, index, hook }) => [
        `${list}[${index}]`,
        hook.match ?? '(every tool)',
        `${(hook.timeoutMs ?? defaultHookTimeoutMs) / 1000} s`,
        [hook.command, ...(hook.args ?? [])].join(' '),
      ]),
    ),
  )
  return exitCodes.ok
}

/**
 * `toolhost hooks test <hook> <json> [--profile ID|FILE] [--json]`: runs one hook of a profile, as
 * the host does (the same runner, input and reading of its answer), and prints what it decided.
 * Exit 0 when the hook answered, 1 when it failed.
 */
export async function hooksTest(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { profile: { type: 'string' }, json: { type: 'boolean' } })
  const [ref, json, ...extra] = positionals
  if (ref === undefined || json === undefined || extra.length > 0)
    throw new UsageError(
      `hooks test needs a hook and its input: toolhost hooks test preTool[0] '{"toolId":"builtin:system.shell","input":{"command":"ls"}}'`,
    )
  const { profile } = await host.resolveProfile(await profileOption(values.profile))
  const placed = findHook(hooksOf(profile), ref, profile.id)
  const input = hookTestInput(placed.list, json === '-' ? await io.readStdin() : json, placed.hook.match)
  if ('problem' in input) throw new UsageError(input.problem)
  const label = hookLabel(placed.list, placed.index, placed.hook)
  const signal = new AbortController().signal
  const run: HookRun<unknown> =
    placed.list === 'preTool'
      ? await invokeHook(placed.hook, input, parsePreToolOutcome, signal)
      : await invokeHook(placed.hook, input, parsePostToolOutcome, signal)
  const applies = placed.hook.match === undefined || matchesToolPattern(placed.hook.match, input.toolId)
  if (values.json === true) {
    io.out(JSON.stringify({ hook: label, applies, input, ...run }, null, 2))
    return run.kind === 'failure' ? exitCodes.failed : exitCodes.ok
  }
  io.out(`ran ${label} with:\n${JSON.stringify(input, null, 2)}`)
  if (!applies)
    io.err(`note: the host would not run this hook for ${input.toolId}: its match is ${placed.hook.match ?? ''}`)
  for (const line of describeRun(placed.list, run)) io.out(line)
  return run.kind === 'failure' ? exitCodes.failed : exitCodes.ok
}

/** What the hook answered, and what the host makes of it. */
function describeRun(list: HookList, run: HookRun<unknown>): string[] {
  if (run.kind === 'failure')
    return [
      `hook failed: it ${run.problem}`,
      list === 'preTool'
        ? 'the host denies the call (a pre-tool hook that fails is a broken guard)'
        : 'the host keeps the result and reports the failure',
    ]
  if (run.kind === 'block')
    return [
      'exit code 2: blocks',
      `reason: ${run.reason ?? '(stderr was empty)'}`,
      list === 'preTool' ? 'the host denies the call' : 'the host tells the model not to rely on the result',
    ]
  const outcome = run.outcome as Record<string, unknown>
  const lines = ['exit code 0']
  if (list === 'preTool')
    lines.push(`decision: ${typeof outcome.decision === 'string' ? outcome.decision : 'none (no opinion)'}`)
  else lines.push(`block: ${outcome.block === true ? 'yes' : 'no'}`)
  for (const [key, value] of Object.entries(outcome))
    if (key !== 'decision' && key !== 'block')
      lines.push(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
  return lines
}

function hooksOf(profile: Profile): PlacedHook[] {
  return hookLists.flatMap((list) => profile.hooks[list].map((hook, index) => ({ list, index, hook })))
}

/** A hook by place (`preTool[0]`) or by its command (the path as written, or its file name). */
function findHook(hooks: readonly PlacedHook[], ref: string, profileId: string): PlacedHook {
  const known =
    hooks.length === 0
      ? `profile ${profileId} has no hooks`
      : `its hooks: ${hooks.map((h) => `${h.list}[${h.index}] (${h.hook.command})`).join(', ')}`
  const place = /^(preTool|postTool)\[(\d+)\]$/.exec(ref)
  if (place !== null) {
    const found = hooks.find((h) => h.list === place[1] && h.index === Number(place[2]))
    if (found === undefined) throw new UsageError(`no hook ${ref} in profile ${profileId}; ${known}`)
    return found
  }
  const named = hooks.filter((h) => h.hook.command === ref || basename(h.hook.command) === ref)
  const [first] = named
  if (first === undefined)
    throw new UsageError(
      `no hook runs "${ref}" in profile ${profileId}; name one as preTool[N] or postTool[N]; ${known}`,
    )
  if (named.length > 1)
    throw new UsageError(
      `"${ref}" is the command of ${named.map((h) => `${h.list}[${h.index}]`).join(' and ')}; name one of them`,
    )
  return first
}
