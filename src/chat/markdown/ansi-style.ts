/** One styling function: the text wrapped in an SGR escape pair, or unchanged without colour. */
export type Paint = (text: string) => string

/** The styles the chat draws with. */
export interface AnsiStyle {
  readonly bold: Paint
  readonly dim: Paint
  readonly italic: Paint
  readonly underline: Paint
  readonly red: Paint
  readonly green: Paint
  readonly yellow: Paint
  readonly blue: Paint
  readonly magenta: Paint
  readonly cyan: Paint
  readonly gray: Paint
  readonly inverse: Paint
}

// [open, close] SGR parameters. Bold and dim share their reset (22), so a bold span inside a dim
// one is closed by re-opening the outer style (see `paint`).
const codes: Readonly<Record<keyof AnsiStyle, readonly [number, number]>> = {
  bold: [1, 22],
  dim: [2, 22],
  italic: [3, 23],
  underline: [4, 24],
  inverse: [7, 27],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
  gray: [90, 39],
}

function paint(open: number, close: number): Paint {
  const start = `\u001b[${open}m`
  const end = `\u001b[${close}m`
  return (text) => {
    if (text === '') return text
    // A nested span's reset would also end this one: re-open it after every inner reset.
    const inner = text.includes(end) ? text.split(end).join(end + start) : text
    return start + inner + end
  }
}

const identity: Paint = (text) => text

const plain: AnsiStyle = Object.fromEntries(Object.keys(codes).map((name) => [name, identity])) as unknown as AnsiStyle

const coloured: AnsiStyle = Object.fromEntries(
  Object.entries(codes).map(([name, [open, close]]) => [name, paint(open, close)]),
) as unknown as AnsiStyle

/**
 * The styling functions, each returning its text unchanged when `color` is false (NO_COLOR, a
 * pipe, a test).
 * @example
 * const s = style(true)
 * s.bold('hi') // '\u001b[1mhi\u001b[22m'
 * style(false).red('x') // 'x'
 */
export function style(color: boolean): AnsiStyle {
  return color ? coloured : plain
}
