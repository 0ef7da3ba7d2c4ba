import type { LanguageModelV4Prompt } from '@ai-sdk/provider'
import { charsPerToken } from '../../agent/history/index.js'
import { streamTurn, withModelRetries, type ResolvedModel } from '../../agent/providers/index.js'
import { fillText, loadText } from '../../text/model-text.js'
import type { ChatMessage } from '../../tool/run-services.js'
import type { DaemonLog } from '../daemon-context.js'
import type { ConversationStore, ConversationSummary, StoredMessage } from './conversation-store.js'

const systemText = loadText(import.meta.url, 'texts/conversation-summary-system.txt')
const previousText = loadText(import.meta.url, 'texts/conversation-summary-previous.txt')
const requestText = loadText(import.meta.url, 'texts/conversation-summary-request.txt')
const messageText = loadText(import.meta.url, 'texts/conversation-summary-message.txt')

/** How many earlier messages a run keeps as they are (the agent loop's window); older ones live on in the summary. */
export const conversationWindow = 20

/** What the summary needs of the daemon. */
export interface SummaryContext {
  readonly conversations: ConversationStore
  readonly model: () => ResolvedModel
  /** Waits between model retries; tests pass one that returns at once. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

/** Options of {@link conversationWithSummary}. */
export interface SummaryOptions {
  readonly signal: AbortSignal
  readonly log: DaemonLog
}

/** Which earlier messages a run sees as they are, and which are to be folded into the summary now. */
export interface FoldPlan {
  /** Indexes of the last {@link conversationWindow} messages. */
  readonly recent: readonly number[]
  /** Indexes of messages out of the window that the stored summary does not cover yet, oldest first. */
  readonly fold: readonly number[]
}

/**
 * The conversation a daemon run starts with: the stored summary of what fell out of the window,
 * brought up to date first (one model turn without tools, with the loop's retries, only when
 * messages fell out since it was made), then the last {@link conversationWindow} messages.
 *
 * `history` are the messages before `message` as the run reads them, one per message of
 * `ConversationStore.history` (whose `seq`s tell what the summary covers). A summary turn that
 * fails is logged and the run goes on with what there is: the older summary, if any, and the
 * recent messages; the messages it missed are folded in by the next run.
 *
 * @throws an `AbortError` when `signal` aborts during the summary turn.
 */
export async function conversationWithSummary(
  ctx: SummaryContext,
  message: StoredMessage,
  history: readonly ChatMessage[],
  options: SummaryOptions,
): Promise<ChatMessage[]> {
  const stored = ctx.conversations.history(message.conversationId, message.seq)
  if (stored.length !== history.length) {
    // Read at the same moment from the same rows, so never expected; the run still goes ahead.
    options.log.warn('the conversation summary was skipped: the history does not match the stored messages')
    return history.slice(-conversationWindow)
  }
  const seqs = stored.map((m) => m.seq)
  let summary = ctx.conversations.summary(message.conversationId)
  const plan = planFold(seqs, summary)
  if (plan.fold.length > 0) {
    try {
      summary = await foldIn(
        ctx,
        message.conversationId,
        summary,
        plan.fold.map((i) => ({ seq: seqs[i] ?? 0, chat: history[i] as ChatMessage })),
        options,
      )
    } catch (error) {
      if (options.signal.aborted) throw error
      options.log.warn(
        'the conversation summary was not updated; the run goes on without the latest messages that left its window',
        { error: error instanceof Error ? error.message : String(error) },
      )
      summary = ctx.conversations.summary(message.conversationId)
    }
  }
  const recent = plan.recent.map((i) => history[i] as ChatMessage)
  return summary === undefined ? recent : [summaryMessage(summary.text), ...recent]
}

/**
 * Splits the earlier messages (their `seq`s, oldest first) into the window a run keeps and the
 * messages out of it that `summary` does not cover yet.
 */
export function planFold(
  seqs: readonly number[],
  summary: ConversationSummary | undefined,
  window = conversationWindow,
): FoldPlan {
  const start = Math.max(0, seqs.length - window)
  const indexes = seqs.map((_, i) => i)
  const covered = summary?.seq ?? 0
  return { recent: indexes.slice(start), fold: indexes.slice(0, start).filter((i) => (seqs[i] ?? 0) > covered) }
}

/** The summary as the first message of a run's conversation: a system note ahead of the window. */
export function summaryMessage(text: string): ChatMessage {
  return { role: 'system', text: fillText(messageText, { summary: text }) }
}

/**
 * The prompt that asks for the summary: the instructions as the system message, then one user
 * message with the earlier summary (if any) and the messages to fold in, one block per message.
 */
export function summaryPrompt(previous: string | undefined, messages: readonly ChatMessage[]): LanguageModelV4Prompt {
  const sections: string[] = []
  if (previous !== undefined && previous !== '') sections.push(fillText(previousText, { summary: previous }))
  sections.push(fillText(requestText, { messages: renderMessages(messages) }))
  return [
    { role: 'system', content: systemText },
    { role: 'user', content: [{ type: 'text', text: sections.join('\n\n') }] },
  ]
}

/** Messages as text for the summarizer: `[user] …`, `[assistant] …`, blocks separated by a blank line. */
export function renderMessages(messages: readonly ChatMessage[]): string {
  return messages
    .map((m) => `[${m.role}${m.name === undefined ? '' : ` ${m.name}`}${timeOf(m.at)}] ${m.text}`)
    .join('\n\n')
}

/**
 * Groups messages so that each group's text fits in `maxChars` (a message longer than that makes
 * a group of its own), so that folding in a long backlog never asks for more than the model reads.
 */
export function foldBatches<T extends { readonly chat: ChatMessage }>(messages: readonly T[], maxChars: number): T[][] {
  const batches: T[][] = []
  let size = 0
  for (const message of messages) {
    const length = renderMessages([message.chat]).length + 2
    const last = batches.at(-1)
    if (last === undefined || size + length > maxChars) {
      batches.push([message])
      size = length
    } else {
      last.push(message)
      size += length
    }
  }
  return batches
}

/** Folds the messages into the summary, batch by batch, storing it after each turn. */
async function foldIn(
  ctx: SummaryContext,
  conversationId: string,
  summary: ConversationSummary | undefined,
  messages: readonly { readonly seq: number; readonly chat: ChatMessage }[],
  options: SummaryOptions,
): Promise<ConversationSummary> {
  const model = ctx.model()
  // Half the context for the messages: the instructions, the earlier summary and the answer need the rest.
  const maxChars = Math.floor((model.contextTokens * charsPerToken) / 2)
  let current = summary
  for (const batch of foldBatches(messages, maxChars)) {
    const text = await summaryTurn(
      model,
      summaryPrompt(
        current?.text,
        batch.map((m) => m.chat),
      ),
      ctx,
      options,
    )
    current = { text, seq: batch.at(-1)?.seq ?? 0 }
    ctx.conversations.setSummary(conversationId, current)
  }
  return current as ConversationSummary
}

/** One turn without tools, with the loop's retries; an empty answer is a failure. */
async function summaryTurn(
  model: ResolvedModel,
  prompt: LanguageModelV4Prompt,
  ctx: SummaryContext,
  options: SummaryOptions,
): Promise<string> {
  const turn = await withModelRetries(() => streamTurn(model.model, { prompt, tools: [], signal: options.signal }), {
    signal: options.signal,
    ...(ctx.sleep !== undefined && { sleep: ctx.sleep }),
    onRetry: (info) => options.log.debug('the summary turn failed; trying again', { ...info }),
  })
  const text = turn.text.trim()
  if (text === '') throw new Error(`the model gave an empty summary (finish reason ${turn.finishReason})`)
  return text
}

function timeOf(at: number | undefined): string {
  return at === undefined ? '' : ` ${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
