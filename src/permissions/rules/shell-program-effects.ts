import type { ShellWord } from './shell-words.js'

/** What a program's arguments make it do, and helpers shared by the program checks. */

/** What a program's arguments make it do, beyond what its name says. */
export interface ProgramEffects {
  /** Why the call cannot be checked (it runs text it is given, or writes where it is told). */
  readonly opaque?: string
  /** Indexes (into name and arguments) of words an allow rule must spell out, not cover with `*`. */
  readonly literal: readonly number[]
  /** More readings of the command for deny and ask rules (global options stripped, the program launched). */
  readonly restrictForms: readonly (readonly string[])[]
}

export const none: ProgramEffects = { literal: [], restrictForms: [] }

export const opaque = (reason: string): ProgramEffects => ({ opaque: reason, literal: [], restrictForms: [] })

/** The first argument that is not an option, skipping the values of `valued` options. */
export function firstOperand(args: readonly ShellWord[], valued: readonly string[]): number {
  for (let index = 0; index < args.length; index += 1) {
    const text = args[index]?.text ?? ''
    if (text === '--') return index + 1
    if (!text.startsWith('-') || text === '-') return index
    if (valued.includes(text)) index += 1
  }
  return args.length
}

/** A launcher (`npx`, `npm exec`): the program word at `at` must be spelled out; deny rules also see the program. */
export function launcher(args: readonly ShellWord[], at: number): ProgramEffects {
  const index = at + firstOperand(args.slice(at), ['-p', '--package', '-w', '--workspace'])
  if (args.slice(at, index).some((word) => /^(-c|--call|--shell)(=|$)/.test(word.text)))
    return opaque('it runs a command given as text, which cannot be checked')
  const program = args[index]
  if (program === undefined) return none
  if (program.dynamic !== undefined)
    return opaque(`the program it runs is only known when it runs (${program.dynamic})`)
  return { literal: [index + 1], restrictForms: [args.slice(index).map((word) => word.text)] }
}
