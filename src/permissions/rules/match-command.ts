import { parse, type CommandNode, type ScriptNode, type SimpleCommandNode } from 'just-bash'
import { findNestedScripts } from './shell-nested.js'
import { findExecCommands, innerScriptOf } from './shell-inner.js'
import { builtinProblem } from './shell-builtins.js'
import { programEffects } from './shell-programs.js'
import { redirectWrites, type RedirectWrite } from './shell-redirects.js'
import { commandBasename, unwrapCommand } from './shell-wrappers.js'
import {
  assignmentWord,
  displayWord,
  displayWords,
  expandWord,
  markLiteral,
  visibleText,
  type ShellWord,
} from './shell-words.js'

/**
 * Splits a shell command into the simple commands it runs, with just-bash's parser: every part of
 * a list, pipeline, subshell, group, loop, condition or function body; the commands of `$(…)`,
 * backticks and `<(…)`; the scripts of `bash -c` and `eval`; the commands of `find -exec` and
 * `xargs`. Wrappers are peeled off. What cannot be read statically is marked opaque, never guessed.
 */

/** Longer commands are not analysed; they need approval. */
export const MAX_COMMAND_LENGTH = 10_000

/** Nesting of substitutions and `bash -c` scripts beyond this is not analysed. */
const MAX_DEPTH = 12

/** A simple command expanding (braces) to more words than this is not analysed. */
const MAX_WORDS = 4_096

/** One simple command of a shell command line. */
export interface ShellPart {
  /** The simple command as written (wrappers, assignments and writes included), for people. */
  readonly label: string
  /** Where it sits when nested: `bash -c`, `eval`, `$(…)`, `find -exec`, a function… */
  readonly via?: string
  /** Name and arguments of the command that runs, wrappers peeled off; empty for bare assignments or redirections. */
  readonly words: readonly string[]
  /** Name and arguments as written, wrappers included. */
  readonly outerWords: readonly string[]
  /** `words` with the `*`, `?` and `[` the shell takes literally marked, file name patterns bare (see `ShellWord.marked`); absent means all literal. */
  readonly markedWords?: readonly string[]
  /** `NAME=value` words in effect for the command: leading ones and those set by `env` or `sudo`. */
  readonly assignments: readonly string[]
  /** Output redirections to files, its own and those of enclosing groups. */
  readonly writes: readonly RedirectWrite[]
  /** The command gets more arguments when it runs (`xargs`). */
  readonly openArgs: boolean
  /** `bash -c '…'` or `eval …` itself: deny and ask rules see it, its inner commands decide the rest. */
  readonly container: boolean
  /** Why the command cannot be checked, if it cannot. */
  readonly opaque?: string
  /** Indexes into `words` of options and operands an allow rule must spell out (`sed -i`, `npm run build`). */
  readonly literal: readonly number[]
  /** More readings for deny and ask rules: global options stripped (`npm --registry x publish`), the program a launcher runs. */
  readonly restrictForms: readonly (readonly string[])[]
  /** Wrappers it runs under, outermost first: its own and those of enclosing `sudo sh -c '…'`. */
  readonly wrappers: readonly string[]
  /** Dangers the analysis found (a function calling itself). */
  readonly dangers: readonly string[]
  /** Names of the commands whose output it reads: earlier commands of its pipeline, its `<(…)` inputs. */
  readonly inputsFrom: readonly string[]
}

/** The simple commands of a command line, or why it could not be parsed. */
export type CommandAnalysis =
  { readonly ok: true; readonly parts: readonly ShellPart[] } | { readonly ok: false; readonly problem: string }

/** Analyses a command line; see the module comment. */
export function analyseCommand(command: string): CommandAnalysis {
  if (command.length > MAX_COMMAND_LENGTH)
    return { ok: false, problem: `it is longer than ${MAX_COMMAND_LENGTH.toLocaleString('en')} characters` }
  if (command.includes('\0')) return { ok: false, problem: 'it contains a NUL character' }
  let script: ScriptNode
  try {
    script = parse(command)
  } catch (error) {
    return {
      ok: false,
      problem: `it is not valid shell syntax (${error instanceof Error ? error.message : String(error)})`,
    }
  }
  const analysis = new Analysis()
  analysis.statements(script.statements, { depth: 0, writes: [], inputsFrom: [], wrappers: [] })
  return analysis.problem === undefined ? { ok: true, parts: analysis.parts } : { ok: false, problem: analysis.problem }
}

interface Context {
  readonly depth: number
  readonly writes: readonly RedirectWrite[]
  readonly inputsFrom: readonly string[]
  readonly wrappers: readonly string[]
  readonly via?: string
}

type Statement = ScriptNode['statements'][number]
type Pipeline = Statement['pipelines'][number]

/** The redirections as written: operators bare, targets quoted when needed. */
const writeLabels = (writes: readonly RedirectWrite[]): string[] =>
  writes.map((write) => write.words.map((word, index) => (index === 0 ? word.text : displayWord(word.text))).join(' '))
const nameOf = (part: ShellPart): string => commandBasename(part.words[0] ?? '').toLowerCase()

class Analysis {
  readonly parts: ShellPart[] = []
  problem: string | undefined

  statements(statements: readonly Statement[], ctx: Context): void {
    for (const statement of statements) {
      if (statement.deferredError !== undefined)
        this.problem ??= `it is not valid shell syntax (${statement.deferredError.message})`
      for (const pipeline of statement.pipelines) this.pipeline(pipeline, ctx)
    }
  }

  private pipeline(pipeline: Pipeline, ctx: Context): void {
    const earlier: string[] = []
    for (const command of pipeline.commands) {
      const start = this.parts.length
      this.command(command, { ...ctx, inputsFrom: [...ctx.inputsFrom, ...earlier] })
      earlier.push(...this.parts.slice(start).map(nameOf))
    }
  }

  private command(command: CommandNode, ctx: Context): void {
    if (command.type === 'SimpleCommand') return this.simple(command, ctx)
    this.nested(command.redirections, ctx)
    const inner: Context = { ...ctx, writes: [...ctx.writes, ...redirectWrites(command.redirections)] }
    switch (command.type) {
      case 'FunctionDef': {
        const start = this.parts.length
        this.command(command.body, { ...inner, via: `the body of function \`${command.name}\`` })
        // A function that calls itself is the fork bomb `:(){ :|:& };:` or a relative of it.
        for (let index = start; index < this.parts.length; index += 1) {
          const part = this.parts[index]
          if (part?.words[0] === command.name) {
            this.parts[index] = {
              ...part,
              dangers: [...part.dangers, `function \`${command.name}\` calls itself, like a fork bomb`],
            }
          }
        }
        return
      }
      case 'Subshell':
      case 'Group':
        return this.statements(command.body, inner)
      case 'If':
        for (const clause of command.clauses) {
          this.statements(clause.condition, inner)
          this.statements(clause.body, inner)
        }
        return this.statements(command.elseBody ?? [], inner)
      case 'For':
        if (!/^[A-Za-z_]\w*$/.test(command.variable))
          this.opaque(`for ${command.variable}`, 'the loop variable is not a plain name', ctx)
        this.nested(command.words, inner)
        return this.statements(command.body, inner)
      case 'CStyleFor':
        this.nested([command.init, command.condition, command.update], inner)
        return this.statements(command.body, inner)
      case 'While':
      case 'Until':
        this.statements(command.condition, inner)
        return this.statements(command.body, inner)
      case 'Case':
        this.nested([command.word, command.items.map((item) => item.patterns)], inner)
        for (const item of command.items) this.statements(item.body, inner)
        return
      case 'ArithmeticCommand':
      case 'ConditionalCommand':
        this.nested(command.expression, inner)
        return
      default:
        // A construct a newer parser knows and this analysis does not.
        this.opaque(
          `(${String((command as { type?: unknown }).type)})`,
          'it uses a shell construct the permission check does not know',
          ctx,
        )
    }
  }

  private simple(command: SimpleCommandNode, ctx: Context): void {
    const inputs = this.nested([command.assignments, command.name, command.args, command.redirections], ctx)
    const assignments = command.assignments.map(assignmentWord)
    const words = [command.name, ...command.args].flatMap((word) => (word === null ? [] : expandWord(word)))
    const tooMany =
      words.length > MAX_WORDS ? `it expands to more than ${MAX_WORDS.toLocaleString('en')} words` : undefined
    const opaque = tooMany ?? [...assignments, ...words].find((word) => word.opaque !== undefined)?.opaque
    const writes = [...ctx.writes, ...redirectWrites(command.redirections)]
    this.emit(
      words,
      assignments.map((word) => word.text),
      writes,
      { ...ctx, inputsFrom: [...ctx.inputsFrom, ...inputs] },
      opaque,
    )
  }

  /** Records the command `words` runs, and the commands it runs in turn. */
  private emit(
    words: readonly ShellWord[],
    assignments: readonly string[],
    writes: readonly RedirectWrite[],
    ctx: Context,
    opaque?: string,
  ): void {
    const outerWords = words.map((word) => word.text)
    const unwrapped = unwrapCommand(words)
    const name = unwrapped.words[0]
    const effects = programEffects(commandBasename(name?.text ?? '').toLowerCase(), unwrapped.words, unwrapped.openArgs)
    const reason =
      opaque ??
      unwrapped.opaque ??
      (name?.dynamic === undefined
        ? undefined
        : `the command name is only known when it runs (it comes from ${name.dynamic})`) ??
      builtinProblem(unwrapped.words) ??
      effects.opaque
    const part: ShellPart = {
      label: [displayWords([...assignments, ...outerWords]), ...writeLabels(writes)]
        .filter((text) => text !== '')
        .join(' '),
      ...(ctx.via === undefined ? {} : { via: ctx.via }),
      words: unwrapped.words.map((word) => word.text),
      outerWords,
      markedWords: unwrapped.words.map((word) => word.marked ?? markLiteral(word.text)),
      assignments: [...assignments, ...unwrapped.assignments],
      writes,
      openArgs: unwrapped.openArgs,
      container: false,
      ...(reason === undefined ? {} : { opaque: reason }),
      literal: effects.literal,
      restrictForms: effects.restrictForms,
      wrappers: [...ctx.wrappers, ...unwrapped.wrappers],
      dangers: [],
      inputsFrom: ctx.inputsFrom,
    }
    if (words.length === 0 && assignments.length === 0 && writes.length === 0) return
    if (reason !== undefined || words.length === 0) return void this.parts.push(part)
    const inner = innerScriptOf(unwrapped.words)
    if (inner.kind === 'opaque') return void this.parts.push({ ...part, opaque: inner.reason })
    const child: Context = { ...ctx, wrappers: part.wrappers }
    if (inner.kind === 'script') {
      // `su -c ls` runs ls as another user, as `sudo ls` does: su wraps the commands of its script.
      const runner: Context =
        commandBasename(name?.text ?? '').toLowerCase() === 'su'
          ? { ...child, wrappers: [...part.wrappers, 'su'] }
          : child
      this.parts.push(inner.alsoAllowed === true ? part : { ...part, container: true })
      return this.script(inner.text, { ...runner, depth: ctx.depth + 1, via: inner.via })
    }
    const execs = findExecCommands(unwrapped.words)
    if ('opaque' in execs) return void this.parts.push({ ...part, opaque: execs.opaque })
    this.parts.push(part)
    for (const exec of execs) this.emit(exec, [], writes, { ...child, via: 'find -exec' })
  }

  /** Analyses the scripts nested in `node`; returns the names of the commands that feed its input. */
  private nested(node: unknown, ctx: Context): string[] {
    const feeding: string[] = []
    const findings = findNestedScripts(node)
    for (const reason of findings.unanalysable) this.opaque('…', reason, ctx)
    for (const nested of findings.scripts) {
      const child: Context = {
        depth: ctx.depth + 1,
        writes: [],
        inputsFrom: [],
        wrappers: ctx.wrappers,
        via: 'a substitution',
      }
      const start = this.parts.length
      if (nested.script === null) this.opaque('$(…)', 'it holds a substitution the parser could not read', child)
      else if (typeof nested.script === 'string') this.script(nested.script, child)
      else if (child.depth > MAX_DEPTH) this.opaque('$(…)', 'its substitutions are nested too deeply to check', child)
      else this.statements(nested.script.statements, child)
      if (nested.feedsInput) feeding.push(...this.parts.slice(start).map(nameOf))
    }
    return feeding
  }

  private script(text: string, ctx: Context): void {
    if (ctx.depth > MAX_DEPTH) return this.opaque(text, 'its scripts are nested too deeply to check', ctx)
    try {
      this.statements(parse(text).statements, ctx)
    } catch {
      this.opaque(text, `${ctx.via ?? 'it'} runs a script that is not valid shell syntax`, ctx)
    }
  }

  private opaque(label: string, reason: string, ctx: Context): void {
    const part: ShellPart = {
      label: visibleText(label),
      words: [],
      outerWords: [],
      assignments: [],
      writes: [],
      openArgs: false,
      container: false,
      opaque: reason,
      literal: [],
      restrictForms: [],
      wrappers: ctx.wrappers,
      dangers: [],
      inputsFrom: [],
    }
    this.parts.push(ctx.via === undefined ? part : { ...part, via: ctx.via })
  }
}
