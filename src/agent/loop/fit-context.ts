import { stat } from 'node:fs/promises'
import type { LanguageModelV4Prompt } from '@ai-sdk/provider'
import type { Invocation } from '../../host/invocation.js'
import { writeFileAtomic } from '../../results/atomic-write.js'
import { hostResultPath } from '../../results/result-files.js'
import type { Store } from '../../store/store.js'
import {
  activeStoredEntries,
  compactionPrompt,
  estimateTokens,
  planCompaction,
  shortenToFit,
  type ShortenedFile,
} from '../history/index.js'
import type { TranscriptEntry } from '../../store/transcript.js'
import type { ResolvedModel } from '../providers/index.js'
import type { AgentEvent } from './agent-events.js'
import type { TranscriptLog } from './transcript-log.js'

/** How often the model is asked for a summary before compaction fails the run. */
export const summaryAttempts = 2

/** What {@link fitContext} needs of the loop. */
export interface FitContextInput {
  readonly invocation: Invocation
  readonly agentId: string
  readonly model: ResolvedModel
  readonly store: Store
  readonly system: string
  readonly log: TranscriptLog
  /** What the provider counted in the last prompt beyond the estimate of its messages (tool definitions). */
  readonly unseenTokens: number
  /** Streams one summary turn (no tools) with the loop's retries and timeouts. */
  readonly summarize: (prompt: LanguageModelV4Prompt) => Promise<{ readonly text: string }>
  readonly emit: (event: AgentEvent) => void
  /** Compacts whatever can be summarized, however little of the window it takes (a person asked). */
  readonly force?: boolean
}

/** The entries to replay, or why the run cannot go on. */
export type FittedContext =
  | { readonly kind: 'fitted'; readonly entries: TranscriptEntry[] }
  | { readonly kind: 'failed'; readonly reason: string }

/**
 * Makes the next prompt fit the model's window (DESIGN §9): first compaction — when the estimate
 * reaches `agent.compactAt` of the window, older turns are summarized by the model and the summary
 * is stored — then, if what is left is still over that share (a turn too large to compact, such as
 * one 5 MB argument), the longest arguments and results are shortened to a preview and a file
 * reference (`shortenToFit`), the files written under `tool-results/` first. The run's task is
 * never summarized. An empty summary is asked for again, then fails the run: it is never stored.
 */
export async function fitContext(input: FitContextInput): Promise<FittedContext> {
  const { invocation, model, log } = input
  const { compactAt, keepRecentTokens } = invocation.profile.agent
  // What the provider counts beyond the messages (tool definitions above all) takes room in the window too.
  const fixedTokens = estimateTokens(input.system) + input.unseenTokens
  const plan = planCompaction(log.entries, {
    contextTokens: model.contextTokens,
    // Asked for: what can be summarized is, however little room it takes.
    compactAt: input.force === true ? Number.EPSILON : compactAt,
    keepRecentTokens: input.force === true ? 0 : keepRecentTokens,
    systemTokens: fixedTokens,
  })
  if (plan !== undefined) {
    const summary = await summaryOf(input, compactionPrompt(plan.summarize, plan.previousSummary, plan.task))
    if (summary === undefined)
      return {
        kind: 'failed',
        reason: `compaction failed: the model returned an empty summary ${summaryAttempts} times`,
      }
    const tokensBefore = tokensOf(input.system, log)
    log.append({ kind: 'summary', text: summary, throughSeq: plan.throughSeq })
    const tokensAfter = tokensOf(input.system, log)
    input.store.appendRunEvent(invocation.runId, 'compacted', {
      invocationId: invocation.id,
      throughSeq: plan.throughSeq,
      tokensBefore,
      tokensAfter,
    })
    input.emit({ type: 'compacted', agentId: input.agentId, tokensBefore, tokensAfter })
  }
  const budget = Math.max(0, model.contextTokens * compactAt - fixedTokens)
  const fitted = shortenToFit(activeStoredEntries(log.entries), budget, invocation.id)
  await writeShortened(input.store.runDir(invocation.runId), fitted.files)
  return { kind: 'fitted', entries: fitted.entries.map(({ entry }) => entry) }
}

/** The summary text, or undefined when every attempt came back empty. */
async function summaryOf(input: FitContextInput, prompt: LanguageModelV4Prompt): Promise<string | undefined> {
  for (let attempt = 1; attempt <= summaryAttempts; attempt += 1) {
    const { text } = await input.summarize(prompt)
    if (text.trim() !== '') return text
  }
  return undefined
}

function tokensOf(system: string, log: TranscriptLog): number {
  return (
    estimateTokens(system) + activeStoredEntries(log.entries).reduce((sum, { entry }) => sum + estimateTokens(entry), 0)
  )
}

/** Writes the full texts of shortened parts; a file already there (an earlier round) holds the same text. */
async function writeShortened(runDir: string, files: readonly ShortenedFile[]): Promise<void> {
  for (const file of files) {
    const path = hostResultPath(runDir, file.path)
    if (!(await exists(path))) await writeFileAtomic(path, file.text)
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch {
    return false
  }
}
