import { formatCount } from '../../text/quantities.js'
import { style } from '../markdown/ansi-style.js'
import { renderMarkdown } from '../markdown/render-markdown.js'
import { visibleText } from '../markdown/visible-text.js'
import type { ChatItem } from '../state/chat-state.js'
import { toolLine, toolResultLines, type ViewOptions } from './tool-line-text.js'

/** Lines an expanded output shows at most; the rest stays in the run's results. */
const expandedLines = 2_000

/**
 * A transcript item as printed once above the live part of the screen: the person's message, the
 * assistant's Markdown, a call with its outcome, a notice, or an output shown in full.
 */
export function itemText(item: ChatItem, options: ViewOptions & { readonly expandable: boolean }): string {
  const s = style(options.color)
  switch (item.kind) {
    case 'user':
      return `\n${visibleText(item.text)
        .split('\n')
        .map((line, index) => `${index === 0 ? s.bold(s.blue('› ')) : '  '}${s.bold(line)}`)
        .join('\n')}`
    case 'assistant':
      return `\n${renderMarkdown(item.text, { width: options.width, color: options.color })}`
    case 'tool': {
      const result = toolResultLines(item, options)
      const line = toolLine(item, item.endedAt ?? item.startedAt, options)
      return result === '' ? line : `${line}\n${result}`
    }
    case 'notice': {
      const text = visibleText(item.text)
      if (item.tone === 'error') return s.red(`✗ ${text}`)
      if (item.tone === 'warning') return s.yellow(`! ${text}`)
      return s.dim(text)
    }
    case 'expanded': {
      const lines = visibleText(item.text).replace(/\n+$/, '').split('\n')
      const shown = lines.slice(0, expandedLines)
      const more = lines.length - shown.length
      return [
        s.bold(`── ${visibleText(item.title)} (${formatCount(lines.length)} lines) ──`),
        ...shown,
        ...(more > 0 ? [s.dim(`… ${formatCount(more)} more lines not shown`)] : []),
      ].join('\n')
    }
  }
}
