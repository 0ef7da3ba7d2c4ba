import { replayableMetadata } from './replayable-metadata.js'
import type {
  LanguageModelV4FilePart,
  LanguageModelV4Message,
  LanguageModelV4Prompt,
  LanguageModelV4TextPart,
  LanguageModelV4ToolResultPart,
} from '@ai-sdk/provider'
import type { Protocol } from '../../snapshot/protocols/protocol.js'
import { fillText, loadText } from '../../text/model-text.js'
import type { AgentToolResult, ResultImage } from '../../tool/agent-tool-result.js'
import { parseToolArguments } from '../../tool/tool-arguments.js'
import { isTaskEntry } from './active-entries.js'
import { repairTranscript } from './pair-results.js'
import type { TranscriptCall, TranscriptEntry } from '../../store/transcript.js'

const summaryIntroText = loadText(import.meta.url, 'texts/summary-intro.md')
const imageMissingText = loadText(import.meta.url, 'texts/image-missing.md')
const resultImagesText = loadText(import.meta.url, 'texts/result-images.md')
const imageLeftOutText = loadText(import.meta.url, 'texts/image-left-out.md')

/** Reads a stored image by its path; `undefined` when the file is gone. Other failures should throw. */
export type ReadImage = (path: string) => Promise<{ data: Uint8Array; mediaType: string } | undefined>

/** What {@link replayPrompt} needs. */
export interface ReplayInput {
  /** The system prompt; left out when empty. */
  readonly system: string
  /** The transcript in order (see `activeEntries` for a stored one). */
  readonly entries: readonly TranscriptEntry[]
  /** The wire dialect of the model, for where result images may go. */
  readonly protocol: Protocol
  readonly readImage: ReadImage
  /**
   * Whether the model reads images (default true). When false no image is read or sent: each
   * becomes a note naming the workspace path it is stored at (`texts/image-left-out.md`).
   */
  readonly acceptsImages?: boolean
}

/** How replay turns a stored image into a file part, or into a note when it cannot send one. */
interface ImageReplay {
  load(image: ResultImage): Promise<LanguageModelV4FilePart | undefined>
  note(image: ResultImage): string
}

/**
 * Turns a provider-neutral transcript into the prompt of the next model turn.
 *
 * - Replay starts at the last `summary` entry, which becomes a user message (text in
 *   `texts/summary-intro.md`); entries before it are left out, except the run's task
 *   (`task: true`), which comes first.
 * - Pairing is repaired first ({@link repairTranscript}): every call has exactly one result.
 * - `user` → a user message (`name: text` when a name is given), its images as file parts.
 * - `assistant` → an assistant message: reasoning part (if any), text part (if non-empty), then one
 *   tool-call part per call whose `input` is the parsed arguments object, or `{}` when the arguments
 *   are invalid (DESIGN §5: the paired error result carries the reason). An assistant entry with
 *   nothing in it is left out.
 * - `results` → one tool message, one tool-result part per result, `toolName` being the name the
 *   model called: `text` output for a success, `error-text` for an error.
 * - Result images: when `protocol.imagesInToolResults`, a successful result with images has a
 *   `content` output (its text, then a file part per image). Otherwise (and for error results) the
 *   result is text and all images of the turn follow in one user message right after the tool
 *   message, each group introduced by a line naming its call (`texts/result-images.md`).
 * - An image whose file is gone becomes a note (`texts/image-missing.md`) in the text instead.
 * - For a model that does not read images (`acceptsImages: false`), every image, whatever tool or
 *   person it came from, becomes a note with its stored path (`texts/image-left-out.md`) instead.
 * - `reminder` → a user message.
 *
 * Consecutive user-role messages are not merged: the AI SDK providers accept them, and
 * `@ai-sdk/anthropic` groups consecutive user and tool messages into one user turn itself (its
 * `groupIntoBlocks`), which gives Anthropic the alternation it requires — tool results first, then
 * the images message, in one user turn.
 *
 * @example
 * const prompt = await replayPrompt({ system, entries, protocol: getProtocol('anthropic'), readImage: async (path) => ({ data: await readFile(path), mediaType: 'image/png' }) })
 */
export async function replayPrompt(input: ReplayInput): Promise<LanguageModelV4Prompt> {
  const { entries, protocol } = input
  const images = imageReplay(input)
  const prompt: LanguageModelV4Message[] = []
  if (input.system !== '') prompt.push({ role: 'system', content: input.system })

  const start = entries.findLastIndex((entry) => entry.kind === 'summary')
  const replayed = start < 0 ? entries : [...entries.slice(0, start).filter(isTaskEntry), ...entries.slice(start)]

  let names = new Map<string, string>()
  for (const entry of repairTranscript(replayed)) {
    switch (entry.kind) {
      case 'user': {
        const content: (LanguageModelV4TextPart | LanguageModelV4FilePart)[] = []
        const body = entry.name === undefined ? entry.text : `${entry.name}: ${entry.text}`
        if (body !== '' || (entry.images ?? []).length === 0) content.push(text(body))
        for (const image of entry.images ?? []) content.push((await images.load(image)) ?? text(images.note(image)))
        prompt.push({ role: 'user', content })
        break
      }
      case 'assistant': {
        names = new Map(entry.calls.map((call) => [call.callId, call.name]))
        const message = assistantMessage(entry)
        if (message.content.length > 0) prompt.push(message)
        break
      }
      case 'results':
        prompt.push(...(await resultMessages(entry.results, names, protocol, images)))
        break
      case 'reminder':
        prompt.push({ role: 'user', content: [text(entry.text)] })
        break
      case 'summary':
        // Only the last summary is replayed; earlier ones are left out above.
        prompt.push({ role: 'user', content: [text(fillText(summaryIntroText, { summary: entry.text }))] })
        break
    }
  }
  return prompt
}

function assistantMessage(
  entry: Extract<TranscriptEntry, { kind: 'assistant' }>,
): Extract<LanguageModelV4Message, { role: 'assistant' }> {
  const content: Extract<LanguageModelV4Message, { role: 'assistant' }>['content'] = []
  if (entry.reasoningParts !== undefined) {
    // Blocks one by one with what their provider needs back (thinking and thought signatures, OpenAI's encrypted reasoning).
    for (const part of entry.reasoningParts) {
      const providerOptions = replayableMetadata(part.metadata, 'reasoning')
      if (part.text !== '' || providerOptions !== undefined)
        content.push({ type: 'reasoning', text: part.text, ...(providerOptions !== undefined && { providerOptions }) })
    }
  } else if (entry.reasoning !== undefined && entry.reasoning !== '')
    content.push({ type: 'reasoning', text: entry.reasoning })
  if (entry.text !== '') content.push(text(entry.text))
  for (const call of entry.calls) {
    const providerOptions = replayableMetadata(call.metadata)
    content.push({
      type: 'tool-call',
      toolCallId: call.callId,
      toolName: call.name,
      input: callInput(call),
      ...(providerOptions !== undefined && { providerOptions }),
    })
  }
  return { role: 'assistant', content }
}

/** The object a call is replayed with: its parsed arguments, or `{}` when they are invalid (DESIGN §5). */
export function callInput(call: TranscriptCall): Record<string, unknown> {
  const parsed = parseToolArguments(call.rawArguments)
  return parsed.ok ? parsed.value : {}
}

async function resultMessages(
  results: readonly AgentToolResult[],
  names: ReadonlyMap<string, string>,
  protocol: Protocol,
  images: ImageReplay,
): Promise<LanguageModelV4Message[]> {
  const parts: LanguageModelV4ToolResultPart[] = []
  const after: (LanguageModelV4TextPart | LanguageModelV4FilePart)[] = []
  for (const result of results) {
    const toolName = names.get(result.callId) ?? result.toolId ?? 'unknown'
    const loaded = await Promise.all(result.images.map(async (image) => ({ image, part: await images.load(image) })))
    const notes = loaded.filter(({ part }) => part === undefined).map(({ image }) => images.note(image))
    const files = loaded.flatMap(({ part }) => (part === undefined ? [] : [part]))
    const base = { type: 'tool-result', toolCallId: result.callId, toolName } as const
    if (result.isError) {
      parts.push({ ...base, output: { type: 'error-text', value: withNotes(result.content, notes) } })
    } else if (protocol.imagesInToolResults && files.length > 0) {
      const value = [text(result.content), ...loaded.map(({ image, part }) => part ?? text(images.note(image)))]
      parts.push({ ...base, output: { type: 'content', value } })
      continue
    } else {
      parts.push({ ...base, output: { type: 'text', value: withNotes(result.content, notes) } })
    }
    if (files.length > 0)
      after.push(text(fillText(resultImagesText, { name: toolName, callId: result.callId })), ...files)
  }
  const messages: LanguageModelV4Message[] = []
  if (parts.length > 0) messages.push({ role: 'tool', content: parts })
  if (after.length > 0) messages.push({ role: 'user', content: after })
  return messages
}

function imageReplay({ readImage, acceptsImages = true }: ReplayInput): ImageReplay {
  if (!acceptsImages)
    return {
      load: async () => undefined,
      note: (image) => fillText(imageLeftOutText, { path: image.path, mimeType: image.mimeType }),
    }
  return {
    load: async (image) => {
      const file = await readImage(image.path)
      return file === undefined
        ? undefined
        : { type: 'file', data: { type: 'data', data: file.data }, mediaType: file.mediaType }
    },
    note: (image) => fillText(imageMissingText, { path: image.path, mimeType: image.mimeType }),
  }
}

function withNotes(content: string, notes: readonly string[]): string {
  if (notes.length === 0) return content
  return content === '' ? notes.join('\n') : `${content}\n\n${notes.join('\n')}`
}

function text(value: string): LanguageModelV4TextPart {
  return { type: 'text', text: value }
}
