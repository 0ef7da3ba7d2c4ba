import wrapAnsi from 'wrap-ansi'
import { renderDiff } from '../diff/render-diff.js'
import { style } from '../markdown/ansi-style.js'
import { cutToWidth } from '../markdown/fit-line.js'
import { visibleText } from '../markdown/visible-text.js'
import type { PendingApproval } from '../state/chat-state.js'
import type { ViewOptions } from './tool-line-text.js'

/** Input lines shown at most in a question; a longer input is counted, never hidden silently. */
const inputLines = 30

/**
 * An approval question as the person reads it: the tool, why it asks and the rule that did, the
 * exact input (control and bidi characters made visible), the diff an edit would make, and the
 * answers.
 */
export function approvalText(approval: PendingApproval, options: ViewOptions): string {
  const s = style(options.color)
  const { request } = approval
  const inner = Math.max(10, options.width - 2)
  const lines: string[] = [s.yellow(s.bold(`Allow ${request.alias}?`)) + s.dim(` (${request.toolId})`)]
  if (request.title !== undefined) lines.push(`${s.dim('does:')} ${visibleText(request.title)}`)
  lines.push(`${s.dim('why:')} ${visibleText(request.reason)}`)
  if (request.rule !== undefined) lines.push(`${s.dim('rule:')} ${visibleText(request.rule)}`)
  const input = visibleText(request.inputText).split('\n')
  lines.push(s.dim('input:'))
  lines.push(...input.slice(0, inputLines).map((line) => `  ${line}`))
  if (input.length > inputLines) lines.push(s.dim(`  … ${input.length - inputLines} more lines of input`))
  if (approval.patch !== undefined) {
    lines.push(s.dim('change:'))
    lines.push(
      ...renderDiff(approval.patch, { color: options.color, width: inner - 2, maxLines: 40 })
        .split('\n')
        .map((line) => `  ${line}`),
    )
  }
  const where = request.alwaysRulesFile === undefined ? 'for this chat' : `saved in ${request.alwaysRulesFile}`
  lines.push(`${s.dim('always adds:')} ${visibleText(request.alwaysRule)} ${s.dim(`(${where})`)}`)
  lines.push(
    `${s.bold('[y]')} allow once  ${s.bold('[a]')} allow always  ${s.bold('[n]')} deny with a message  ${s.bold('[Esc]')} deny`,
  )
  // Words wrap; input and diff lines are cut, so their shape stays readable.
  return lines
    .map((line) => (line.startsWith('  ') ? cutToWidth(line, inner) : wrapAnsi(line, inner, { hard: true })))
    .join('\n')
}
