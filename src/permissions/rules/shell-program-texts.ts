/**
 * Scanners for the small languages some programs run: awk programs, sed scripts and SQL given to
 * sqlite3. Each says whether the text can run a program or write a file; when a scanner cannot
 * read the text it says so too, and the caller treats the text as able to do anything.
 */

/** Why an awk program may run a program or write a file, if it may. */
export function awkProblem(program: string): string | undefined {
  if (/\bsystem\s*\(/.test(program)) return 'the awk program calls system(), which runs commands'
  // `cmd | getline`, `print | "cmd"`, gawk's `|&`; `||` is only a logical or.
  if (/(?<!\|)\|(?!\|)/.test(program)) return 'the awk program uses a pipe, which runs commands'
  if (/\bprintf?\b[^;{}\n]*>/.test(program)) return 'the awk program may print into a file'
  if (/@load|@include/.test(program)) return 'the awk program loads extensions or other files'
  return undefined
}

/** Why a sed script may run a program or write a file, if it may. */
export function sedProblem(script: string): string | undefined {
  const text = script
  let index = 0
  const skipBlanks = (): void => {
    while (index < text.length && /[\s;]/.test(text[index] ?? '')) index += 1
  }
  const readDelimited = (delimiter: string): boolean => {
    for (; index < text.length; index += 1) {
      const char = text[index]
      if (char === '\\') index += 1
      else if (char === delimiter) {
        index += 1
        return true
      } else if (char === '\n') return false
    }
    return false
  }
  const readAddress = (): boolean => {
    const char = text[index] ?? ''
    if (/[\d$]/.test(char)) {
      while (/[\d$~+]/.test(text[index] ?? '')) index += 1
      return true
    }
    if (char === '/' || char === '\\') {
      const delimiter = char === '\\' ? (text[index + 1] ?? '') : '/'
      index += char === '\\' ? 2 : 1
      if (!readDelimited(delimiter)) return false
      while (/[IM]/.test(text[index] ?? '')) index += 1
      return true
    }
    return true
  }
  const toLineEnd = (stopAtSemicolon: boolean): void => {
    while (
      index < text.length &&
      text[index] !== '\n' &&
      !(stopAtSemicolon && (text[index] === ';' || text[index] === '}'))
    )
      index += 1
  }
  for (let guard = 0; guard < 10_000; guard += 1) {
    skipBlanks()
    if (index >= text.length) return undefined
    if (text[index] === '#') {
      toLineEnd(false)
      continue
    }
    if (!readAddress()) return 'the sed script cannot be read'
    while (text[index] === ' ') index += 1
    if (text[index] === ',') {
      index += 1
      if (!readAddress()) return 'the sed script cannot be read'
    }
    while (text[index] === ' ' || text[index] === '!') index += 1
    const command = text[index] ?? ''
    index += 1
    if (command === 'e') return 'the sed script runs a command (e)'
    if (command === 'w' || command === 'W') return 'the sed script writes a file (w)'
    if (command === 's' || command === 'y') {
      const delimiter = text[index] ?? ''
      index += 1
      if (
        delimiter === '' ||
        delimiter === '\n' ||
        delimiter === '\\' ||
        !readDelimited(delimiter) ||
        !readDelimited(delimiter)
      )
        return 'the sed script cannot be read'
      if (command === 's') {
        const flags = /^[gpiImMe\dw]*/.exec(text.slice(index))?.[0] ?? ''
        if (flags.includes('e')) return 'the sed script runs the result of a substitution as a command (s///e)'
        if (flags.includes('w')) return 'the sed script writes a file (s///w)'
        index += flags.length
      }
      continue
    }
    if ('{}=dDgGhHlnNpPqQxzF'.includes(command)) {
      while (/[\d ]/.test(text[index] ?? '')) index += 1
      continue
    }
    if ('aicrRbtTvL:'.includes(command)) {
      toLineEnd('btT'.includes(command))
      // The text of `a\`, `i\` and `c\` goes on over lines ending in a backslash.
      while ('aic'.includes(command) && text[index - 1] === '\\' && index < text.length) {
        index += 1
        toLineEnd(false)
      }
      continue
    }
    return `the sed script uses a command the permission check does not know (${command})`
  }
  return 'the sed script is too long to check'
}

/** Why SQL given to sqlite3 may run a program or write outside its database, if it may. */
export function sqliteProblem(sql: string): string | undefined {
  if (/^\s*\./m.test(sql)) return 'sqlite3 dot-commands can run programs and write files'
  if (/\b(attach|load_extension|writefile|edit|fts3_tokenizer|vacuum\s+into)\b/i.test(sql))
    return 'the SQL attaches, loads or writes other files'
  return undefined
}
