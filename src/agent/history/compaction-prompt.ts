import type { LanguageModelV4Prompt } from '@ai-sdk/provider'
import { fillText, loadText } from '../../text/model-text.js'
import type { ResultImage } from '../../tool/agent-tool-result.js'
import { repairTranscript } from './pair-results.js'
import type { TranscriptEntry } from '../../store/transcript.js'

const systemText = loadText(import.meta.url, 'texts/compaction-system.md')
const requestText = loadText(import.meta.url, 'texts/compaction-request.md')
const previousText = loadText(import.meta.url, 'texts/compaction-previous.md')
const taskText = loadText(import.meta.url, 'texts/compaction-task.md')

/** How many characters of one result, argument text or reasoning the summarizer sees. */
export const compactionPartCharLimit = 3000

/**
 * The prompt that asks a model to summarize `summarize` (the entries `planCompaction` chose): the
 * instructions of `texts/compaction-system.md` as the system message, then one user message with
 * the run's task (if given: it is never summarized, but the summary should serve it), the earlier
 * summary (if any) and the transcript as text (see {@link renderTranscript}).
 *
 * @example
 * const summary = await streamTurn(model, { prompt: compactionPrompt(plan.summarize), tools: [] })
 */
export function compactionPrompt(
  summarize: readonly TranscriptEntry[],
  previousSummary?: string,
  task?: string,
): LanguageModelV4Prompt {
  const sections: string[] = []
  if (task !== undefined && task !== '') sections.push(fillText(taskText, { task: cut(task) }))
  if (previousSummary !== undefined && previousSummary !== '')
    sections.push(fillText(previousText, { summary: previousSummary }))
  sections.push(fillText(requestText, { transcript: renderTranscript(summarize) }))
  return [
    { role: 'system', content: systemText },
    { role: 'user', content: [{ type: 'text', text: sections.join('\n\n') }] },
  ]
}

/**
 * A transcript as plain text for the summarizer, one block per entry, blocks separated by a blank
 * line: `[user]`, `[assistant]`, `[reasoning]`, `[call <name> <callId>]` with the raw arguments,
 * `[result <name> <callId>]` or `[error <code> <name> <callId>]` with the result text, `[reminder]`,
 * `[summary]`; images as `[image: <path>]`. Results, arguments and reasoning are cut to
 * {@link compactionPartCharLimit} characters. Pairing is repaired first, so an interrupted call
 * shows its `tool.outcome_unknown` result.
 */
export function renderTranscript(entries: readonly TranscriptEntry[]): string {
  const blocks: string[] = []
  let names = new Map<string, string>()
  for (const entry of repairTranscript(entries)) {
    switch (entry.kind) {
      case 'user':
        blocks.push(
          withImages(`[user${entry.name === undefined ? '' : ` ${entry.name}`}] ${entry.text}`, entry.images ?? []),
        )
        break
      case 'assistant':
        names = new Map(entry.calls.map((call) => [call.callId, call.name]))
        if (entry.reasoning !== undefined && entry.reasoning !== '') blocks.push(`[reasoning] ${cut(entry.reasoning)}`)
        if (entry.text !== '' || entry.calls.length === 0) blocks.push(`[assistant] ${entry.text}`)
        for (const call of entry.calls) blocks.push(`[call ${call.name} ${call.callId}] ${cut(call.rawArguments)}`)
        break
      case 'results':
        for (const result of entry.results) {
          const name = names.get(result.callId) ?? result.toolId ?? 'unknown'
          const head = result.isError
            ? `[error ${result.errorCode ?? 'unknown'} ${name} ${result.callId}]`
            : `[result ${name} ${result.callId}]`
          blocks.push(withImages(`${head} ${cut(result.content)}`, result.images))
        }
        break
      case 'reminder':
        blocks.push(`[reminder] ${entry.text}`)
        break
      case 'summary':
        blocks.push(`[summary] ${entry.text}`)
        break
    }
  }
  return blocks.join('\n\n')
}

function withImages(text: string, images: readonly ResultImage[]): string {
  return [text, ...images.map((image) => `[image: ${image.path}]`)].join('\n')
}

function cut(text: string): string {
  if (text.length <= compactionPartCharLimit) return text
  return `${text.slice(0, compactionPartCharLimit)}… [${text.length - compactionPartCharLimit} more characters cut]`
}
