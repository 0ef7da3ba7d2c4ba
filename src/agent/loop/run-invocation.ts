import type { LanguageModelV4Prompt } from '@ai-sdk/provider'
import { TurnPausedError } from '../../execution/execute-turn.js'
import type { Invocation } from '../../host/invocation.js'
import { getProtocol } from '../../snapshot/protocols/index.js'
import type { Store } from '../../store/store.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import { estimateTokens, replayPrompt } from '../history/index.js'
import type { StoredTranscriptEntry, TranscriptCall, TranscriptEntry } from '../../store/transcript.js'
import {
  modelTools,
  streamTurn,
  withModelRetries,
  type ResolvedModel,
  type StreamTurnRequest,
} from '../providers/index.js'
import type { ModelTurn } from '../providers/model-turn.js'
import type { AgentEvent } from './agent-events.js'
import { callDisplay, resultSummary } from './call-display.js'
import { directOutputPath, recoverDrift } from './drift.js'
import { fitContext } from './fit-context.js'
import type { InvocationEnd } from './invocation-end.js'
import { recoverResults } from './recover-results.js'
import type { RunFlags } from './run-flags.js'
import type { TurnExecutor } from './run-options.js'
import { TranscriptLog } from './transcript-log.js'

/** What a person asks of a run that ended: a follow-up message, or compacting its history now. */
export type NextStep = { readonly kind: 'follow-up'; readonly prompt: string } | { readonly kind: 'compact' }

/** Everything the loop of one invocation needs. */
export interface InvocationLoopInput {
  readonly invocation: Invocation
  readonly agentId: string
  readonly model: ResolvedModel
  readonly store: Store
  readonly system: string
  /** Set by the run tools during a turn (commit, finish, handoff, return). */
  readonly flags: RunFlags
  readonly returnMode: boolean
  readonly signal: AbortSignal
  readonly emit: (event: AgentEvent) => void
  /** Waits between model retries; tests pass one that does not sleep. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  /** Executes a turn's calls through the invocation; default `invocation.executeTurn`. */
  readonly turnExecutor?: TurnExecutor
  /**
   * What a person asked of a run that ended, done once the transcript is whole again: a follow-up
   * message is appended; `compact` summarizes the older turns now and ends.
   */
  readonly next?: NextStep
}

/**
 * The agent loop of one invocation (DESIGN §13): replay the transcript into the model's protocol,
 * stream a turn, gate and execute its calls, append the results, repeat up to `maxRounds`, and
 * end by the scope's finish policy. Every entry is stored as soon as it exists, so a run killed at
 * any point resumes from the store: a paused turn continues, calls without a recorded result get
 * `tool.outcome_unknown`.
 */
export async function runInvocation(input: InvocationLoopInput): Promise<InvocationEnd> {
  const { invocation, store, flags, emit, agentId } = input
  const profile = invocation.profile
  const protocol = getProtocol(invocation.snapshot.protocol)
  const log = new TranscriptLog(store, invocation.id)
  const append = (entry: TranscriptEntry) => log.append(entry)
  let driftAttempts = 0 // reset on resume by design: a resumed run gets its full drift allowance
  let unseenTokens = 0 // what the provider counted in the last prompt beyond our estimate of it

  const storeResults = (results: readonly AgentToolResult[]) => append({ kind: 'results', results })
  // The results are stored with the turn's checkpoint (one disk sync); recovered ones here.
  const settle = async (results: readonly AgentToolResult[], stored = true): Promise<InvocationEnd | undefined> => {
    if (!stored) storeResults(results)
    for (const result of results) {
      const summary = resultSummary(invocation, result)
      emit({ type: 'tool-result', agentId, result, ...(summary !== undefined && { summary }) })
    }
    if (flags.returned !== undefined) return { kind: 'returned', result: flags.returned }
    if (flags.handoff !== undefined) return { kind: 'handoff', ...flags.handoff }
    if (flags.finished !== undefined)
      return { kind: 'completed', text: flags.published.at(-1)?.text ?? '', reason: flags.finished }
    return undefined
  }

  // Resume: a turn paused on approvals continues; calls cut off by a crash get their recorded results or outcome_unknown.
  if (invocation.pendingApprovals.length > 0) {
    const end = await continuePaused(input, storeResults)
    if (end.kind === 'paused') return end
    const finished = await settle(end.results)
    if (finished !== undefined) return finished
  } else {
    const unpaired = lastUnpairedCalls(log.entries)
    if (unpaired !== undefined) {
      const recovered = recoverResults(store, invocation.id, unpaired)
      invocation.recordInterrupted(recovered)
      const finished = await settle(recovered, false)
      if (finished !== undefined) return finished
    }
  }
  if (input.next?.kind === 'follow-up') append({ kind: 'user', text: input.next.prompt })
  if (input.next?.kind === 'compact') {
    const summarize = (prompt: LanguageModelV4Prompt) => summaryTurn(input, prompt)
    const compacted = await fitContext({ ...input, log, unseenTokens, summarize, force: true })
    return compacted.kind === 'failed' ? compacted : { kind: 'completed', text: '', reason: 'compacted' }
  }

  for (;;) {
    input.signal.throwIfAborted()
    const stored = log.entries
    const rounds = stored.filter(({ entry }) => entry.kind === 'assistant' && entry.prior !== true).length
    const { maxRounds } = profile.tools
    if (maxRounds !== undefined && rounds >= maxRounds)
      return { kind: 'failed', reason: `reached the limit of ${maxRounds} model turns (tools.maxRounds)` }
    const context = await fitContext({ ...input, log, unseenTokens, summarize: (prompt) => summaryTurn(input, prompt) })
    if (context.kind === 'failed') return context

    const prompt = await replayPrompt({
      system: input.system,
      entries: context.entries,
      protocol,
      acceptsImages: input.model.acceptsImages,
      readImage: (path) => readImage(invocation, path),
    })
    const tools = modelTools(
      [...invocation.offered, ...invocation.discovered.filter((b) => !invocation.offered.includes(b))],
      protocol.name,
    )
    const turn = await modelTurn(input, prompt, tools)
    emit({
      type: 'model-usage',
      agentId,
      ...(turn.usage.inputTokens !== undefined && { inputTokens: turn.usage.inputTokens }),
      ...(turn.usage.outputTokens !== undefined && { outputTokens: turn.usage.outputTokens }),
      contextTokens: input.model.contextTokens,
    })
    unseenTokens = unseenBy(unseenTokens, turn.usage.inputTokens, estimateTokens(prompt))
    const assistant: TranscriptEntry = {
      kind: 'assistant',
      text: turn.text,
      ...(turn.reasoning !== '' && { reasoning: turn.reasoning }),
      // Kept block by block only when a provider attached something to replay (signatures).
      ...(turn.reasoningParts.some((part) => part.metadata !== undefined) && { reasoningParts: turn.reasoningParts }),
      calls: turn.calls,
    }

    if (turn.calls.length === 0) {
      append(assistant)
      if (input.returnMode)
        return { kind: 'returned', result: { summary: turn.text, status: 'completed', artifacts: [] } }
      if (invocation.snapshot.scope === 'session') return { kind: 'completed', text: turn.text, reason: 'answered' }
      driftAttempts += 1
      if (driftAttempts > profile.agent.maxDriftAttempts)
        return {
          kind: 'failed',
          reason: `the model did not publish a reply after ${profile.agent.maxDriftAttempts} reminders`,
        }
      const reminder = await recoverDrift(invocation.workspace, invocation.snapshot, turn.text)
      store.appendRunEvent(invocation.runId, 'drift', {
        attempt: driftAttempts,
        path: directOutputPath,
        invocationId: invocation.id,
      })
      emit({ type: 'drift', agentId, attempt: driftAttempts, path: directOutputPath })
      append({ kind: 'reminder', text: reminder })
      continue
    }

    let results: AgentToolResult[]
    try {
      const execute = input.turnExecutor ?? ((target, turn) => target.executeTurn(turn))
      results = await execute(invocation, {
        snapshotId: invocation.snapshot.id,
        calls: turn.calls.map((call) => ({ callId: call.callId, name: call.name, arguments: call.rawArguments })),
        signal: input.signal,
        // The model's turn is stored with the first records of its calls, before any of them runs.
        record: { before: () => append(assistant), after: storeResults },
      })
    } catch (error) {
      if (error instanceof TurnPausedError) return { kind: 'paused', approvalIds: invocation.pendingApprovals }
      throw error
    }
    const finished = await settle(results)
    if (finished !== undefined) return finished
  }
}

async function continuePaused(
  input: InvocationLoopInput,
  storeResults: (results: readonly AgentToolResult[]) => void,
): Promise<{ kind: 'paused'; approvalIds: readonly string[] } | { kind: 'results'; results: AgentToolResult[] }> {
  try {
    return {
      kind: 'results',
      results: await input.invocation.continueTurn({ signal: input.signal, record: { after: storeResults } }),
    }
  } catch (error) {
    if (error instanceof TurnPausedError) return { kind: 'paused', approvalIds: input.invocation.pendingApprovals }
    throw error
  }
}

async function modelTurn(
  input: InvocationLoopInput,
  prompt: LanguageModelV4Prompt,
  tools: ReturnType<typeof modelTools>,
): Promise<ModelTurn> {
  const { agentId, emit } = input
  return withModelRetries(
    () =>
      streamTurn(input.model.model, {
        prompt,
        tools,
        signal: input.signal,
        ...modelSettings(input.invocation.profile),
        onEvent: (event) => {
          if (event.type === 'text-delta') emit({ type: 'text-delta', agentId, delta: event.delta })
          else if (event.type === 'reasoning-delta') emit({ type: 'reasoning-delta', agentId, delta: event.delta })
          else if (event.type === 'tool-call')
            emit({ type: 'tool-call', agentId, call: event.call, ...callDisplay(input.invocation, event.call) })
          else if (event.type === 'model-call') emit({ type: 'model-call', agentId, phase: event.phase })
        },
      }),
    {
      signal: input.signal,
      ...(input.sleep !== undefined && { sleep: input.sleep }),
      onRetry: (info) => emit({ type: 'model-retry', agentId, ...info }),
    },
  )
}

/** The profile's model settings for every turn: provider options, the output token limit, the idle timeout. */
function modelSettings(
  profile: Invocation['profile'],
): Pick<StreamTurnRequest, 'providerOptions' | 'maxOutputTokens' | 'idleTimeoutMs'> {
  const { providerOptions, maxOutputTokens, streamIdleTimeoutSec } = profile.agent
  return {
    ...(providerOptions !== undefined && {
      providerOptions: providerOptions as NonNullable<StreamTurnRequest['providerOptions']>,
    }),
    ...(maxOutputTokens !== undefined && { maxOutputTokens }),
    idleTimeoutMs: streamIdleTimeoutSec * 1000,
  }
}

/** The calls of a last assistant entry that has no results entry (the run stopped mid-turn). */
function lastUnpairedCalls(stored: readonly StoredTranscriptEntry[]): readonly TranscriptCall[] | undefined {
  const last = stored.at(-1)?.entry
  return last?.kind === 'assistant' && last.calls.length > 0 ? last.calls : undefined
}

/**
 * The tokens the provider counted in the last prompt beyond our chars/4 estimate of its messages:
 * mostly the tool definitions, plus its tokenizer's difference. Never negative; unchanged when the
 * provider reports nothing.
 */
function unseenBy(previous: number, reported: number | undefined, estimated: number): number {
  if (reported === undefined || reported <= 0) return previous
  return Math.max(0, reported - estimated)
}

/** One summary turn for compaction: no tools, with the loop's retries. */
function summaryTurn(input: InvocationLoopInput, prompt: LanguageModelV4Prompt): Promise<ModelTurn> {
  return withModelRetries(
    () =>
      streamTurn(input.model.model, {
        prompt,
        tools: [],
        signal: input.signal,
        idleTimeoutMs: input.invocation.profile.agent.streamIdleTimeoutSec * 1000,
      }),
    {
      signal: input.signal,
      ...(input.sleep !== undefined && { sleep: input.sleep }),
    },
  )
}

async function readImage(
  invocation: Invocation,
  path: string,
): Promise<{ data: Uint8Array; mediaType: string } | undefined> {
  try {
    const data = await invocation.workspace.readFile(path)
    return {
      data,
      mediaType: path.endsWith('.png') ? 'image/png' : path.endsWith('.webp') ? 'image/webp' : 'image/jpeg',
    }
  } catch {
    return undefined
  }
}
