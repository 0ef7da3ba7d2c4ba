import type { ChatMessage } from '../../tool/run-services.js'

/**
 * `[index] role (name):` — how the chat tools introduce a message. Names are shown with control
 * characters escaped, so a name cannot forge a line of its own.
 */
export function messageLabel(index: number, message: ChatMessage): string {
  const name =
    message.name === undefined || message.name.trim() === ''
      ? ''
      : ` (${JSON.stringify(message.name.trim()).slice(1, -1)})`
  return `[${index}] ${message.role}${name}:`
}

/**
 * The lines of messages `from`..`to` (inclusive) of `messages`: each message's label, then its text
 * lines (or `emptyText`), a blank line between messages. Lines longer than `wrapChars` are wrapped
 * into several lines so that line paging can reach every part of them.
 */
export function renderMessages(
  messages: readonly ChatMessage[],
  from: number,
  to: number,
  wrapChars: number,
  emptyText: string,
): string[] {
  const lines: string[] = []
  for (let index = from; index <= to; index++) {
    const message = messages[index]
    if (message === undefined) continue
    if (index > from) lines.push('')
    lines.push(messageLabel(index, message))
    const text = message.text.replace(/\s+$/, '')
    if (text.trim() === '') {
      lines.push(emptyText)
      continue
    }
    for (const line of text.split(/\r\n|\r|\n/)) lines.push(...wrap(line, wrapChars))
  }
  return lines
}

function wrap(line: string, width: number): string[] {
  if (line.length <= width) return [line]
  const parts: string[] = []
  let rest = line
  while (rest.length > width) {
    // Break at the last space in the window when there is one, and never inside a surrogate pair.
    let cut = rest.lastIndexOf(' ', width)
    if (cut < width / 2) cut = width
    const code = rest.charCodeAt(cut - 1)
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1
    parts.push(rest.slice(0, cut))
    rest = rest.slice(cut)
  }
  parts.push(rest)
  return parts
}
