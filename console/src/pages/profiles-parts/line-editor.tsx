import { forwardRef, useImperativeHandle, useRef, type ReactNode } from 'react'

/** A problem at a line of the text (1-based). */
export interface LineProblem {
  readonly line: number
  readonly column: number
  readonly message: string
  readonly path?: string
}

/** What the parent may do with the editor. */
export interface LineEditorHandle {
  /** Puts the caret at the start of `line` (at `column` when given), scrolls to it and focuses. */
  goTo(line: number, column?: number): void
}

/** The offset in `text` of `line` (1-based), `column` (1-based) characters in, kept inside the line. */
export function offsetOfLine(text: string, line: number, column = 1): number {
  let offset = 0
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', offset)
    if (next === -1) return text.length
    offset = next + 1
  }
  const end = text.indexOf('\n', offset)
  const lineEnd = end === -1 ? text.length : end
  return Math.min(offset + Math.max(0, column - 1), lineEnd)
}

const lineHeightEm = 1.5

/**
 * A plain-text editor with line numbers: a textarea (lines never wrap, so each matches its number)
 * beside a gutter that marks the lines with problems.
 *
 * @example
 * <LineEditor ref={editor} label="Profile text" value={text} onChange={setText} problems={errors} />
 */
export const LineEditor = forwardRef<
  LineEditorHandle,
  {
    readonly label: string
    readonly value: string
    readonly onChange: (text: string) => void
    readonly problems: readonly LineProblem[]
    readonly describedBy?: string
  }
>(function LineEditor({ label, value, onChange, problems, describedBy }, ref) {
  const area = useRef<HTMLTextAreaElement>(null)
  const gutter = useRef<HTMLDivElement>(null)
  useImperativeHandle(ref, () => ({
    goTo(line, column) {
      const element = area.current
      if (element === null) return
      const offset = offsetOfLine(element.value, line, column)
      element.focus()
      element.setSelectionRange(offset, offset)
      const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 20
      element.scrollTop = Math.max(0, (line - 3) * lineHeight)
    },
  }))

  const bad = new Set(problems.map((p) => p.line))
  const count = value.split('\n').length
  const numbers: ReactNode[] = []
  for (let line = 1; line <= count; line++)
    numbers.push(
      <div key={line} className={bad.has(line) ? 'le-num le-bad' : 'le-num'}>
        {bad.has(line) ? '● ' : ''}
        {line}
      </div>,
    )

  return (
    <div className="le" style={{ lineHeight: lineHeightEm }}>
      <div className="le-gutter" ref={gutter} aria-hidden="true">
        {numbers}
      </div>
      <textarea
        ref={area}
        className="le-text"
        aria-label={label}
        {...(describedBy !== undefined && { 'aria-describedby': describedBy })}
        aria-invalid={problems.length > 0}
        value={value}
        wrap="off"
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        onScroll={(event) => {
          if (gutter.current !== null) gutter.current.scrollTop = event.currentTarget.scrollTop
        }}
        onKeyDown={(event) => {
          // Tab indents (two spaces) instead of leaving the editor; Escape then Tab still leaves.
          if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return
          if (event.currentTarget.dataset.escaped === 'true') return
          event.preventDefault()
          const element = event.currentTarget
          const { selectionStart, selectionEnd } = element
          const next = `${element.value.slice(0, selectionStart)}  ${element.value.slice(selectionEnd)}`
          onChange(next)
          requestAnimationFrame(() => element.setSelectionRange(selectionStart + 2, selectionStart + 2))
        }}
        onKeyUp={(event) => {
          event.currentTarget.dataset.escaped = event.key === 'Escape' ? 'true' : 'false'
        }}
      />
    </div>
  )
})
