/**
 * Splits a command line into the command and its arguments the way a POSIX shell would quote
 * them (single and double quotes, backslash escapes), without expanding anything.
 *
 * @example
 * splitCommandLine(`npx -y "@scope/server" --root '/my dir'`)
 * // → { command: 'npx', args: ['-y', '@scope/server', '--root', '/my dir'] }
 */
export function splitCommandLine(line: string): { command: string; args: string[] } | { error: string } {
  const words: string[] = []
  let word = ''
  let inWord = false
  let quote: '"' | "'" | undefined
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string
    if (quote === "'") {
      if (c === "'") quote = undefined
      else word += c
      continue
    }
    if (c === '\\') {
      const next = line[i + 1]
      if (next === undefined) return { error: 'The line ends with a lone backslash.' }
      // Inside double quotes a backslash escapes only what the shell would escape there.
      if (quote === '"' && !['"', '\\', '$', '`'].includes(next)) word += c
      word += next
      inWord = true
      i++
      continue
    }
    if (quote === '"') {
      if (c === '"') quote = undefined
      else word += c
      continue
    }
    if (c === '"' || c === "'") {
      quote = c
      inWord = true
      continue
    }
    if (/\s/.test(c)) {
      if (inWord) words.push(word)
      word = ''
      inWord = false
      continue
    }
    word += c
    inWord = true
  }
  if (quote !== undefined) return { error: `A ${quote === '"' ? 'double' : 'single'} quote is not closed.` }
  if (inWord) words.push(word)
  const [command, ...args] = words
  if (command === undefined || command === '') return { error: 'Give the command to start the server.' }
  return { command, args }
}

/** Parses `Name: value` lines into headers; blank lines are skipped. */
export function parseHeaders(text: string): Record<string, string> | { error: string } {
  const headers: Record<string, string> = {}
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim()
    if (line === '') continue
    const colon = line.indexOf(':')
    if (colon <= 0) return { error: `Line ${index + 1}: write a header as "Name: value".` }
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim()
  }
  return headers
}

/**
 * The program and arguments of a Command field (a program, or a whole command line) and an
 * Arguments field, both quoted as in a shell.
 *
 * @example
 * commandOf('npx -y', '"@scope/server" --verbose')
 * // → { command: 'npx', args: ['-y', '@scope/server', '--verbose'] }
 */
export function commandOf(command: string, args: string): { command: string; args: string[] } | { error: string } {
  const head = splitCommandLine(command)
  if ('error' in head) return head
  if (args.trim() === '') return head
  const tail = splitCommandLine(`_ ${args}`)
  if ('error' in tail) return tail
  return { command: head.command, args: [...head.args, ...tail.args] }
}
