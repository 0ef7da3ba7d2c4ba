import { parseToolId, ToolIdError } from '../../core/tool-id.js'
import type { PostToolHookInput, PreToolHookInput } from '../../permissions/hooks/hook-types.js'
import { builtinAlias, externalAliasBase } from '../../snapshot/tool-alias.js'

/** The two hook lists of a profile. */
export type HookList = 'preTool' | 'postTool'

const preKeys = ['event', 'toolId', 'alias', 'callId', 'input', 'runId', 'invocationId'] as const
const postKeys = [...preKeys, 'result'] as const

/**
 * The input a hook gets for a call, from what a person wrote: the host's fields in the host's
 * order, the ones left out filled in (`toolId` from the hook's `match` when that names one tool,
 * the alias the tool's snapshot would give it, test ids, an empty `input`, an empty successful
 * `result`). Returns why the text cannot be a hook input otherwise.
 * @example hookTestInput('preTool', '{"toolId":"builtin:system.shell","input":{"command":"ls"}}', undefined)
 */
export function hookTestInput(
  list: HookList,
  text: string,
  match: string | undefined,
): PreToolHookInput | PostToolHookInput | { readonly problem: string } {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    return { problem: `the hook input is not valid JSON: ${(error as Error).message}` }
  }
  if (!isObject(raw))
    return { problem: 'the hook input must be a JSON object, e.g. {"toolId":"builtin:dice.roll","input":{}}' }
  const event = list === 'preTool' ? 'pre_tool' : 'post_tool'
  const known: readonly string[] = list === 'preTool' ? preKeys : postKeys
  const unknown = Object.keys(raw).filter((key) => !known.includes(key))
  if (unknown.length > 0)
    return {
      problem: `a ${list} hook's input has no ${unknown.map((k) => `"${k}"`).join(', ')}; its fields: ${known.join(', ')}`,
    }
  if (raw.event !== undefined && raw.event !== event)
    return { problem: `"event" of a ${list} hook's input is "${event}", not ${JSON.stringify(raw.event)}` }
  const toolId = raw.toolId ?? (match !== undefined && !/[*?]/.test(match) ? match : undefined)
  if (typeof toolId !== 'string')
    return {
      problem:
        'the hook input needs "toolId", the tool of the call, e.g. {"toolId":"builtin:system.shell","input":{"command":"ls"}}',
    }
  let nativeName: string
  let builtin: boolean
  try {
    const parsed = parseToolId(toolId)
    nativeName = parsed.nativeName
    builtin = parsed.kind === 'builtin'
  } catch (error) {
    if (error instanceof ToolIdError) return { problem: `"toolId": ${error.message}` }
    throw error
  }
  const input = raw.input ?? {}
  if (!isObject(input)) return { problem: '"input" must be a JSON object: the arguments of the call' }
  for (const key of ['alias', 'callId', 'runId', 'invocationId'] as const)
    if (raw[key] !== undefined && typeof raw[key] !== 'string') return { problem: `"${key}" must be a string` }
  const str = (key: 'alias' | 'callId' | 'runId' | 'invocationId', fallback: string): string => {
    const value = raw[key]
    return typeof value === 'string' ? value : fallback
  }
  const common = {
    toolId,
    alias: str('alias', builtin ? builtinAlias(nativeName) : externalAliasBase(nativeName)),
    callId: str('callId', 'call_hooks_test'),
    input,
  }
  const ids = { runId: str('runId', 'run_hooks_test'), invocationId: str('invocationId', 'inv_hooks_test') }
  if (list === 'preTool') return { event: 'pre_tool', ...common, ...ids }
  const result = raw.result ?? { content: '', isError: false }
  if (
    !isObject(result) ||
    typeof result.content !== 'string' ||
    typeof result.isError !== 'boolean' ||
    (result.errorCode !== undefined && typeof result.errorCode !== 'string') ||
    Object.keys(result).some((key) => !['content', 'isError', 'errorCode'].includes(key))
  )
    return { problem: '"result" must be {"content": string, "isError": boolean} with an optional "errorCode" string' }
  return {
    event: 'post_tool',
    ...common,
    result: {
      content: result.content,
      isError: result.isError,
      ...(typeof result.errorCode === 'string' && { errorCode: result.errorCode }),
    },
    ...ids,
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
