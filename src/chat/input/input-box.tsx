import { Box, Text, useInput, usePaste } from 'ink'
import type { Key } from 'ink'
import { useRef, useState } from 'react'
import type { ReactElement } from 'react'
import stringWidth from 'string-width'
import { editKey, editorText, editorWithText, emptyEditor, submitOrContinue } from './editor-state.js'
import type { EditorState } from './editor-state.js'
import type { InputHistory } from './input-history.js'
import { inputKeyOf, typedActions, type InputAction } from './input-keys.js'
import { inputLayout } from './input-layout.js'

export { inputKeyOf } from './input-keys.js'
export type { InputAction } from './input-keys.js'

/** Props of {@link InputBox}. */
export interface InputBoxProps {
  /** Drawn before the first line; continuation lines are indented by its width. Default `> `. */
  readonly prompt?: string
  /** Shows the text dim, without a cursor, and ignores keys and pastes (while a turn runs). */
  readonly disabled?: boolean
  /** Walked with Up on the first line and Down on the last; each submitted text is added to it. */
  readonly history: InputHistory
  /** Columns available, the prompt included. */
  readonly width: number
  /** Styles (inverse cursor, dim text); without them the cursor is a `▏`. */
  readonly color: boolean
  /** Called with the whole text on Enter; blank text is not submitted. */
  readonly onSubmit: (text: string) => void
  /** Shown dim while the line is empty. */
  readonly placeholder?: string
}

/** Screen rows the input takes at most, besides the `(N lines)` note. */
const maxRows = 10

/**
 * The chat's input line: a multi-line editor at the bottom of the screen. Enter submits (a line
 * ending in `\` continues instead), Shift- or Alt-Enter breaks the line, pastes arrive whole
 * (bracketed paste), Up and Down move between lines and walk the history at the first and last
 * line, readline keys edit (see {@link inputKeyOf}). Ctrl-C, Ctrl-L and Escape are the app's.
 * A large buffer shows its rows around the cursor under a `(N lines)` note.
 *
 * @example
 * <InputBox history={history} width={columns} color={true} onSubmit={(text) => send(text)} />
 */
export function InputBox(props: InputBoxProps): ReactElement {
  const { history, onSubmit, disabled = false, color } = props
  const [state, setState] = useState<EditorState>(emptyEditor)
  // Several keys can arrive before React renders again: each edit starts from the latest state.
  const latest = useRef(state)
  const show = (next: EditorState): void => {
    if (next === latest.current) return
    latest.current = next
    setState(next)
  }

  const recall = (entry: string | undefined): void => {
    if (entry !== undefined) show(editorWithText(entry))
  }

  const onKey = (input: string, key: Key): void => {
    const action = disabled ? undefined : inputKeyOf(input, key)
    if (action === undefined) return
    for (const one of typedActions(action)) apply(one)
  }

  const apply = (action: InputAction): void => {
    const current = latest.current
    if (action === 'newline') return show(editKey(current, { kind: 'newline' }))
    if (action === 'submit') {
      const outcome = submitOrContinue(current)
      if (outcome.kind === 'continue') return show(outcome.state)
      if (outcome.text.trim() === '') return
      // The history is a convenience: a disk that fails to keep it must not stop the chat.
      history.add(outcome.text).catch(() => undefined)
      show(emptyEditor())
      onSubmit(outcome.text)
      return
    }
    if (action.kind === 'up' && current.row === 0) return recall(history.previous(editorText(current)))
    if (action.kind === 'down' && current.row === current.lines.length - 1) return recall(history.next())
    show(editKey(current, action))
  }

  // Both stay active while disabled, so keys typed meanwhile are read and dropped rather than
  // left in the input stream to arrive once enabled.
  useInput(onKey)
  usePaste((text) => {
    if (!disabled) show(editKey(latest.current, { kind: 'insert', text }))
  })

  const prompt = props.prompt ?? '> '
  const promptWidth = stringWidth(prompt)
  const indent = ' '.repeat(promptWidth)
  const cursor = disabled ? 'none' : color ? 'inverse' : 'bar'
  const dim = disabled && color
  const empty = state.lines.length === 1 && state.lines[0] === ''

  if (empty && props.placeholder !== undefined) {
    const room = Math.max(0, props.width - promptWidth - 1)
    return (
      <Box flexDirection="column">
        <Text wrap="truncate-end">
          {prompt}
          {cursor === 'inverse' ? <Text inverse> </Text> : cursor === 'bar' ? '▏' : ' '}
          <Text dimColor={color}>{Array.from(props.placeholder).slice(0, room).join('')}</Text>
        </Text>
      </Box>
    )
  }

  const layout = inputLayout(state, { width: props.width - promptWidth, cursor, maxRows })
  return (
    <Box flexDirection="column">
      {layout.totalLines !== undefined && (
        <Text dimColor={color}>
          ({layout.totalLines} {layout.totalLines === 1 ? 'line' : 'lines'})
        </Text>
      )}
      {layout.rows.map((row, index) => (
        <Text key={index} dimColor={dim}>
          {row.lead === 'first' ? prompt : indent}
          {row.segments.map((segment, segmentIndex) =>
            segment.cursor && cursor === 'inverse' ? (
              <Text key={segmentIndex} inverse>
                {segment.text}
              </Text>
            ) : (
              segment.text
            ),
          )}
        </Text>
      ))}
    </Box>
  )
}
