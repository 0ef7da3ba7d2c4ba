/**
 * Where a JSON text first breaks its grammar, as an offset; `undefined` when it is valid JSON.
 * `JSON.parse` names the position for some errors only, so the editor needs this to point at a
 * stray token.
 * @example jsonErrorOffset('{"a": }') // 6
 */
export function jsonErrorOffset(text: string): number | undefined {
  let at = 0
  const space = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text[at] ?? '')) at++
  }
  const fail = (): never => {
    throw new SyntaxAt(at)
  }
  const literal = (word: string): void => {
    for (const char of word) {
      if (text[at] !== char) fail()
      at++
    }
  }
  const string = (): void => {
    if (text[at] !== '"') fail()
    at++
    for (;;) {
      const char = text[at]
      if (char === undefined || char < ' ') fail()
      if (char === '"') break
      if (char === '\\') {
        at++
        const escaped = text[at] ?? ''
        if (escaped === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 1, at + 5))) fail()
          at += 4
        } else if (!'"\\/bfnrt'.includes(escaped) || escaped === '') fail()
      }
      at++
    }
    at++
  }
  const number = (): void => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at))
    if (match === null) fail()
    at += match?.[0].length ?? 0
  }
  const value = (): void => {
    space()
    const char = text[at]
    if (char === '{') {
      at++
      space()
      if (text[at] === '}') return void at++
      for (;;) {
        space()
        string()
        space()
        if (text[at] !== ':') fail()
        at++
        value()
        space()
        if (text[at] === ',') at++
        else if (text[at] === '}') return void at++
        else fail()
      }
    }
    if (char === '[') {
      at++
      space()
      if (text[at] === ']') return void at++
      for (;;) {
        value()
        space()
        if (text[at] === ',') at++
        else if (text[at] === ']') return void at++
        else fail()
      }
    }
    if (char === '"') return string()
    if (char === 't') return literal('true')
    if (char === 'f') return literal('false')
    if (char === 'n') return literal('null')
    return number()
  }
  try {
    value()
    space()
    if (at < text.length) fail()
    return undefined
  } catch (error) {
    if (error instanceof SyntaxAt) return error.offset
    throw error
  }
}

class SyntaxAt extends Error {
  readonly offset: number
  constructor(offset: number) {
    super(`JSON syntax error at ${offset}`)
    this.offset = offset
  }
}
