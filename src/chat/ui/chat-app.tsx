import { Box, Static, Text, useApp, useInput, useStdout, useWindowSize } from 'ink'
import { useEffect, useRef, useState, useSyncExternalStore, type ReactElement } from 'react'
import { runSlash, type SlashCommand, type SlashContext } from '../commands/slash-command.js'
import { attachFiles, type ReadOutcome } from '../input/attach-files.js'
import { InputBox } from '../input/input-box.js'
import type { InputHistory } from '../input/input-history.js'
import { renderMarkdown } from '../markdown/render-markdown.js'
import type { ChatSession } from '../session/chat-session.js'
import type { ChatAction } from '../state/chat-reducer.js'
import type { ChatStore } from '../state/chat-store.js'
import { ApprovalPrompt } from './approval-prompt.js'
import { itemText } from './item-text.js'
import { statusLine } from './status-line-text.js'
import { toolLine } from './tool-line-text.js'

/** What the chat screen needs. */
export interface ChatAppProps {
  readonly store: ChatStore
  readonly session: ChatSession
  readonly commands: readonly SlashCommand[]
  readonly history: InputHistory
  /** False with NO_COLOR: no escape sequences of our own. */
  readonly color: boolean
  /** Reads a workspace file for `@path`. */
  readonly readFile: (path: string) => Promise<ReadOutcome>
}

/** A second Ctrl-C within this time exits. */
const exitWindowMs = 2_000

/**
 * The chat screen: the transcript printed once as it settles (Ink's `<Static>`), then the live
 * part — the assistant's incomplete Markdown block, running calls with their progress, an approval
 * question or the input line — and the status line.
 */
export function ChatApp(props: ChatAppProps): ReactElement {
  const { store, session, color } = props
  const state = useSyncExternalStore(store.subscribe, store.getState)
  const { columns } = useWindowSize()
  const width = Math.max(20, columns - 1)
  const app = useApp()
  const [now, setNow] = useState(() => Date.now())
  const [inputKey, setInputKey] = useState(0)
  const lastInterrupt = useRef(0)
  const queue = useRef<{ readonly typed: string; readonly prompt: string }[]>([])
  const busy = state.status.activity !== 'idle'

  // A cleared chat clears the terminal too (and its scrollback) before anything new is printed.
  const { write } = useStdout()
  const dispatch = (action: ChatAction): void => {
    if (action.type === 'clear') write('\u001b[2J\u001b[3J\u001b[H')
    store.dispatch(action)
  }

  // Spinners and elapsed times move only while something runs.
  useEffect(() => {
    if (!busy) return
    const timer = setInterval(() => setNow(Date.now()), 100)
    return () => clearInterval(timer)
  }, [busy])

  const exit = (): void => {
    void session.close().finally(() => app.exit())
  }

  const send = async (typed: string, prompt: string): Promise<void> => {
    store.dispatch({ type: 'user-message', text: typed, now: Date.now() })
    await session.send(prompt)
    const next = queue.current.shift()
    if (next !== undefined) await send(next.typed, next.prompt)
  }

  const ctx = (): SlashContext => ({
    session,
    state: store.getState,
    dispatch,
    width,
    color,
    commands: props.commands,
    exit,
  })

  const submit = async (text: string): Promise<void> => {
    if (text.startsWith('/') && !text.startsWith('//')) return runSlash(text, ctx())
    const typed = text.startsWith('//') ? text.slice(1) : text
    const attached = await attachFiles(typed, props.readFile)
    for (const error of attached.errors) store.dispatch({ type: 'notice', tone: 'warning', text: `@${error}` })
    if (session.busy || queue.current.length > 0) {
      queue.current.push({ typed, prompt: attached.prompt })
      store.dispatch({ type: 'notice', text: 'queued: it is sent when the answer is done' })
      return
    }
    await send(typed, attached.prompt)
  }

  useInput((input, key) => {
    if (key.ctrl && input === 'c') {
      if (session.cancel()) {
        queue.current = []
        store.dispatch({ type: 'notice', tone: 'warning', text: 'stopping… (Ctrl-C again to exit)' })
        lastInterrupt.current = Date.now()
        return
      }
      if (Date.now() - lastInterrupt.current < exitWindowMs) return exit()
      lastInterrupt.current = Date.now()
      store.dispatch({ type: 'notice', text: 'Press Ctrl-C again to exit.' })
      return
    }
    if (key.ctrl && input === 'd' && !busy) return exit()
    if (key.ctrl && input === 'o') return store.dispatch({ type: 'expand' })
    if (key.escape && state.approvals.length === 0) setInputKey((k) => k + 1)
  })

  const approval = state.approvals[0]
  const expandable = new Set(state.expandable)
  const view = { width, color }
  return (
    <Box flexDirection="column">
      <Static key={state.generation} items={[...state.settled]}>
        {(item) => <Text key={item.id}>{itemText(item, { ...view, expandable: expandable.has(item.id) })}</Text>}
      </Static>
      {state.streaming !== undefined && <Text>{`\n${renderMarkdown(state.streaming.text, view)}`}</Text>}
      {state.running.map((item) => (
        <Text key={item.id}>{toolLine(item, now, view)}</Text>
      ))}
      {approval !== undefined ? (
        <ApprovalPrompt
          key={approval.request.id}
          approval={approval}
          approvals={session.approvals}
          history={props.history}
          width={width}
          color={color}
        />
      ) : (
        <Box marginTop={1}>
          <InputBox
            key={inputKey}
            history={props.history}
            width={width}
            color={color}
            placeholder={busy ? 'type ahead; Ctrl-C stops the answer' : 'message, /help, @file'}
            onSubmit={(text) => void submit(text)}
          />
        </Box>
      )}
      <Text>{statusLine(state, now, view)}</Text>
    </Box>
  )
}
