import type { ShellWord } from './shell-words.js'

/**
 * Shell builtins that evaluate their arguments as code, names or arithmetic, as data. A variable
 * name with a subscript (`a[$(rm f)]`) is evaluated as arithmetic wherever a builtin takes a name,
 * so names must be plain; builtins that run text, define aliases or change how later commands are
 * found cannot be checked at all. Builtins not listed here take their arguments as plain data.
 */

interface NameTaking {
  readonly kind: 'names'
  /** Options followed by a value that is data (`read -p prompt`). */
  readonly valued: readonly string[]
  /** Options followed by a variable name (`read -a name`, `printf -v name`). */
  readonly nameOptions: readonly string[]
  /** Options without a value. */
  readonly flags: readonly string[]
  /** Which operands are variable names: all of them, none, or only the one at this index. */
  readonly operands: 'names' | 'data' | number
}

interface Declaring {
  readonly kind: 'declarations'
  /** Option letters that only set harmless attributes or print; any other makes the call uncheckable. */
  readonly letters: string
}

interface Opaque {
  readonly kind: 'opaque'
  readonly reason: string
}

/** How a builtin treats its arguments. */
export type BuiltinSpec = NameTaking | Declaring | Opaque

const declaring: Declaring = { kind: 'declarations', letters: 'aArxgpfFt' }

/** The builtins by name. */
export const builtinSpecs: Readonly<Record<string, BuiltinSpec>> = {
  let: {
    kind: 'opaque',
    reason: 'let evaluates its arguments as arithmetic, which can run commands held in subscripts',
  },
  source: { kind: 'opaque', reason: 'source runs the commands of a file, which cannot be checked' },
  '.': { kind: 'opaque', reason: '. runs the commands of a file, which cannot be checked' },
  alias: { kind: 'opaque', reason: 'alias changes what later command names run' },
  hash: { kind: 'opaque', reason: 'hash changes which program later command names run' },
  enable: { kind: 'opaque', reason: 'enable changes which builtins later command names run' },
  complete: { kind: 'opaque', reason: 'complete registers commands that run later' },
  compgen: { kind: 'opaque', reason: 'compgen expands word lists and runs completion commands' },
  compopt: { kind: 'opaque', reason: 'compopt changes completion commands' },
  fc: { kind: 'opaque', reason: 'fc runs commands from the history' },
  bind: { kind: 'opaque', reason: 'bind binds keys to commands' },
  declare: declaring,
  typeset: declaring,
  local: declaring,
  readonly: declaring,
  export: declaring,
  printf: { kind: 'names', valued: [], nameOptions: ['-v'], flags: [], operands: 'data' },
  read: {
    kind: 'names',
    valued: ['-p', '-t', '-n', '-N', '-d', '-u', '-i'],
    nameOptions: ['-a'],
    flags: ['-r', '-s', '-e'],
    operands: 'names',
  },
  mapfile: {
    kind: 'names',
    valued: ['-d', '-n', '-O', '-s', '-u', '-c'],
    nameOptions: [],
    flags: ['-t'],
    operands: 'names',
  },
  readarray: {
    kind: 'names',
    valued: ['-d', '-n', '-O', '-s', '-u', '-c'],
    nameOptions: [],
    flags: ['-t'],
    operands: 'names',
  },
  unset: { kind: 'names', valued: [], nameOptions: [], flags: ['-v', '-f'], operands: 'names' },
  getopts: { kind: 'names', valued: [], nameOptions: [], flags: [], operands: 1 },
  wait: { kind: 'names', valued: [], nameOptions: ['-p'], flags: ['-n', '-f'], operands: 'data' },
}

const plainName = /^[A-Za-z_]\w*$/

/** Why the builtin call `words` cannot be checked, if it cannot. */
export function builtinProblem(words: readonly ShellWord[]): string | undefined {
  const name = words[0]?.text ?? ''
  const spec = Object.hasOwn(builtinSpecs, name) ? builtinSpecs[name] : undefined
  const args = words.slice(1)
  if (spec === undefined) return name === 'test' || name === '[' ? testProblem(args) : undefined
  if (spec.kind === 'opaque') return spec.reason
  if (spec.kind === 'declarations') return declarationProblem(name, spec, args)
  return namesProblem(name, spec, args)
}

function namesProblem(name: string, spec: NameTaking, args: readonly ShellWord[]): string | undefined {
  const notName = (word: ShellWord | undefined): string | undefined =>
    word !== undefined && plainName.test(word.text) && word.dynamic === undefined
      ? undefined
      : `${name} is given \`${word?.text ?? ''}\` as a variable name, and only plain names can be checked`
  let index = 0
  for (; index < args.length; index += 1) {
    const word = args[index]
    if (word === undefined) break
    if (word.text === '--') {
      index += 1
      break
    }
    if (!word.text.startsWith('-') || word.text === '-') break
    if (word.dynamic !== undefined) return `the ${name} option ${word.text} is only known when it runs`
    if (spec.flags.includes(word.text)) continue
    if (spec.valued.includes(word.text)) index += 1
    else if (spec.nameOptions.includes(word.text)) {
      index += 1
      const problem = notName(args[index])
      if (problem !== undefined) return problem
    } else if (!spec.valued.some((option) => word.text.startsWith(option)))
      return `${name} is given the option ${word.text}, which the permission check does not know`
  }
  const operands = args.slice(index)
  const names =
    spec.operands === 'names'
      ? operands
      : spec.operands === 'data'
        ? []
        : operands.slice(spec.operands, spec.operands + 1)
  for (const word of names) {
    const problem = notName(word)
    if (problem !== undefined) return problem
  }
  return undefined
}

function declarationProblem(name: string, spec: Declaring, args: readonly ShellWord[]): string | undefined {
  let arrays = false
  for (const word of args) {
    const text = word.text
    if (/^[-+]/.test(text) && !text.includes('=')) {
      if (word.dynamic !== undefined) return `the ${name} option ${text} is only known when it runs`
      if (text === '--') continue
      const letters = text.slice(1)
      if ([...letters].some((letter) => !spec.letters.includes(letter))) {
        return `${name} ${text} sets attributes (integer, name reference, case) under which later values are evaluated`
      }
      arrays ||= /[aA]/.test(letters)
      continue
    }
    const equals = text.indexOf('=')
    const target = equals === -1 ? text : text.slice(0, text[equals - 1] === '+' ? equals - 1 : equals)
    if (!plainName.test(target)) return `${name} is given \`${text}\`, and only plain variable names can be checked`
    const value = equals === -1 ? '' : text.slice(equals + 1)
    // `declare -a 'x=(…)'` evaluates the value as a compound assignment.
    if (value.startsWith('(') || (arrays && word.dynamic !== undefined))
      return `${name} evaluates \`${text}\` as an array assignment`
  }
  return undefined
}

/** `test -v name[…]` evaluates the subscript; a word only known at run time may turn out to be `-v`. */
function testProblem(args: readonly ShellWord[]): string | undefined {
  const operands = args.at(-1)?.text === ']' ? args.slice(0, -1) : args
  for (let index = 0; index < operands.length; index += 1) {
    if (operands[index]?.text !== '-v' || operands[index]?.dynamic !== undefined) continue
    const next = operands[index + 1]
    if (next !== undefined && (next.dynamic !== undefined || !/^[A-Za-z_]\w*(?:\[\d+\])?$/.test(next.text))) {
      return 'test -v evaluates a subscript that is not a plain number'
    }
  }
  const dynamic = operands.filter((word) => word.dynamic !== undefined).length
  if (
    dynamic >= 2 ||
    (dynamic === 1 && operands.some((word) => word.dynamic === undefined && word.text.includes('[')))
  ) {
    return 'test is given words only known when it runs, which could turn into `-v` with a subscript'
  }
  return undefined
}
