/**
 * Benchmark of the terminal chat's drawing work, with no terminal (the same functions the screen
 * calls): a long Markdown answer streamed in small deltas, where only the unfinished block is drawn
 * again, against drawing the whole answer again at every delta; and a 10,000-line tool result
 * settled and drawn, against only making its text safe to print. Wired into `npm run bench` by
 * bench/bench.ts.
 */
import { chatReducer } from '../src/chat/state/chat-reducer.js'
import { initialChatState, type ChatState } from '../src/chat/state/chat-state.js'
import { renderMarkdown } from '../src/chat/markdown/render-markdown.js'
import { visibleText } from '../src/chat/markdown/visible-text.js'
import { itemText } from '../src/chat/ui/item-text.js'
import { median, type BenchReport } from './bench-report.js'

const view = { width: 100, color: true }

function answer(): string {
  const blocks: string[] = []
  for (let i = 0; i < 120; i++)
    blocks.push(
      i % 3 === 0
        ? `## Step ${i}\n\nSome **bold** words, \`code\` and a [link](https://example.com/${i}).`
        : i % 3 === 1
          ? `- item ${i} one\n- item ${i} two\n- item ${i} three`
          : `\`\`\`ts\nconst value${i} = ${i}\nconsole.log(value${i})\n\`\`\``,
    )
  return blocks.join('\n\n')
}

function deltas(text: string, size: number): string[] {
  const out: string[] = []
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size))
  return out
}

/** Streams the answer through the reducer and draws what the screen draws at each delta. */
function streamed(parts: readonly string[]): number {
  let state: ChatState = initialChatState({ model: 'bench:model', mode: 'default' })
  let printed = 0
  let drawn = 0
  for (const delta of parts) {
    state = chatReducer(state, { type: 'event', event: { type: 'text-delta', agentId: 'main', delta }, now: 0 })
    // Settled blocks are drawn once; the open block every time.
    for (const item of state.settled.slice(printed)) drawn += itemText(item, { ...view, expandable: false }).length
    printed = state.settled.length
    if (state.streaming !== undefined) drawn += renderMarkdown(state.streaming.text, view).length
  }
  return drawn
}

function redrawnWhole(parts: readonly string[]): number {
  let text = ''
  let drawn = 0
  for (const delta of parts) {
    text += delta
    drawn += renderMarkdown(text, view).length
  }
  return drawn
}

function longResult(content: string): number {
  let state: ChatState = initialChatState({ model: 'bench:model', mode: 'default' })
  const call = { callId: 'c1', name: 'workspace_shell', rawArguments: '{"command":"seq 1 10000"}' }
  state = chatReducer(state, {
    type: 'event',
    event: { type: 'tool-call', agentId: 'main', call, toolId: 'builtin:workspace.shell' },
    now: 0,
  })
  const result = {
    callId: 'c1',
    toolId: 'builtin:workspace.shell',
    content,
    isError: false,
    resourceRefs: [],
    images: [],
  }
  state = chatReducer(state, { type: 'event', event: { type: 'tool-result', agentId: 'main', result }, now: 1 })
  const item = state.settled.at(-1)
  return item === undefined ? 0 : itemText(item, { ...view, expandable: true }).length
}

export async function chatBench(report: BenchReport): Promise<void> {
  const text = answer()
  const parts = deltas(text, 12)
  const chat = await median(async () => streamed(parts))
  const whole = await median(async () => redrawnWhole(parts))
  report(
    `chat: stream a ${Math.round(text.length / 1000)} KB Markdown answer in ${parts.length} deltas`,
    chat,
    'the whole answer redrawn at each delta',
    whole,
  )
  const content = Array.from({ length: 10_000 }, (_, index) => `${index + 1}`).join('\n')
  const settled = await median(async () => longResult(content), 21)
  const safe = await median(async () => visibleText(content).length, 21)
  report('chat: a 10,000-line tool result settled and drawn', settled, 'its text made safe to print', safe)
}
