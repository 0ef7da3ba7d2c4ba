import type { ScriptNode } from 'just-bash'

/**
 * Walks the words, redirections and expressions of a command for the places the shell evaluates
 * code: `$(…)`, backticks, `<(…)`, `>(…)` and substitutions inside arithmetic are returned as nested
 * scripts. The walk is an allow-list over node kinds: a kind this file does not know, and every
 * construct that makes the shell evaluate text only known when it runs (a variable read as
 * arithmetic, an array subscript, `${!x}`, `${x@P}`, `[[ x -eq y ]]` and `[[ -v x ]]` on words that
 * are not plain), is reported as unanalysable instead of being guessed at. Arithmetic evaluates the
 * value of each variable it names as an expression in turn, and a subscript in that value can hold
 * a command substitution: `x='a[$(rm f)]'; echo $((x))` runs `rm f`.
 */

/** A script nested in a command: parsed, text the parser left unparsed, or `null` when unreadable. */
export interface NestedScript {
  readonly script: ScriptNode | string | null
  /** True for `<(…)`, whose output the enclosing command reads. */
  readonly feedsInput: boolean
}

/** What a walk found: the nested scripts, outermost first, and the constructs that cannot be checked. */
export interface NestedFindings {
  readonly scripts: readonly NestedScript[]
  /** Why parts of the command cannot be checked, one sentence each. */
  readonly unanalysable: readonly string[]
}

type NodeRecord = Readonly<Record<string, unknown>>

/** How to walk one node kind: the fields holding child nodes, or a check that reports what it finds. */
type Visit = readonly string[] | ((node: NodeRecord, walk: Walk) => void)

interface Walk {
  readonly children: (node: NodeRecord, fields: readonly string[]) => void
  readonly script: (script: NestedScript) => void
  readonly unanalysable: (reason: string) => void
}

/** A variable name, a positional or special parameter, or an element with a literal index. */
const plainParameter = /^(?:[A-Za-z_]\w*|\d+|[@*#?$!-])$/
const plainElement = /^[A-Za-z_]\w*\[(?:\d+|@|\*)\]$/
const plainName = /^[A-Za-z_]\w*$/

/** Special parameters that always hold a number, so arithmetic on them evaluates nothing else. */
const numericSpecials = new Set(['#', '?', '$', '!'])

const arithmeticVariable = (name: string): string =>
  `arithmetic reads variable \`${name}\`, whose value the shell evaluates as an expression (it may hold a command in a subscript)`

/** Parameter expansion operations by kind: the fields holding words or expressions. */
const operations: Readonly<Record<string, Visit>> = {
  DefaultValue: ['word'],
  AssignDefault: ['word'],
  ErrorIfUnset: ['word'],
  UseAlternative: ['word'],
  Length: [],
  LengthSliceError: [],
  BadSubstitution: [],
  Substring: ['offset', 'length'],
  PatternRemoval: ['pattern'],
  PatternReplacement: ['pattern', 'replacement'],
  CaseModification: ['pattern'],
  ArrayKeys: [],
  VarNamePrefix: [],
  Transform: (node, walk) => {
    // `${x@P}` expands the value as a prompt string, running the substitutions in it.
    if (node.operator === 'P')
      walk.unanalysable('`${…@P}` expands a variable as a prompt, running the commands in its value')
  },
  Indirection: (_node, walk) =>
    walk.unanalysable(
      '`${!name}` reads the variable whose name another variable holds, which may be a subscript holding a command',
    ),
}

/** Every node kind the walk knows, with how to walk it. */
const kinds: Readonly<Record<string, Visit>> = {
  Word: ['parts', 'word'],
  Literal: [],
  SingleQuoted: [],
  Escaped: [],
  Glob: [],
  TildeExpansion: [],
  Range: [],
  DoubleQuoted: ['parts'],
  BraceExpansion: ['items'],
  HereDoc: ['content'],
  CommandSubstitution: (node, walk) =>
    walk.script({ script: isScript(node.body) ? node.body : null, feedsInput: false }),
  ProcessSubstitution: (node, walk) =>
    walk.script({ script: isScript(node.body) ? node.body : null, feedsInput: node.direction === 'input' }),
  ArithCommandSubst: (node, walk) =>
    walk.script({ script: typeof node.command === 'string' ? node.command : null, feedsInput: false }),
  ParameterExpansion: (node, walk) => {
    const parameter = String(node.parameter)
    if (!plainParameter.test(parameter) && !plainElement.test(parameter)) {
      walk.unanalysable(`\`\${${parameter}}\` has a subscript the shell evaluates as arithmetic`)
    }
    const operation = node.operation as NodeRecord | null
    if (operation === null || operation === undefined) return
    const visit = operations[String(operation.type)]
    if (visit === undefined)
      return walk.unanalysable(
        `it uses a parameter expansion the permission check does not know (${String(operation.type)})`,
      )
    if (typeof visit === 'function') return visit(operation, walk)
    walk.children(operation, visit)
  },
  Redirection: (node, walk) => {
    if (node.fdVariable !== undefined && !plainName.test(String(node.fdVariable)))
      walk.unanalysable('a redirection stores its descriptor in an array element')
    walk.children(node, ['target'])
  },
  Assignment: (node, walk) => {
    const name = String(node.name)
    if (!plainName.test(name) && !/^[A-Za-z_]\w*\[\d+\]$/.test(name))
      walk.unanalysable(`the assignment to \`${name}\` has a subscript the shell evaluates as arithmetic`)
    // `a=([k]=v)`: keys of indexed arrays are arithmetic.
    const array = Array.isArray(node.array) ? (node.array as NodeRecord[]) : []
    if (array.some((word) => startsWithBracket(word)))
      walk.unanalysable(`the array assignment to \`${name}\` has keys the shell evaluates as arithmetic`)
    walk.children(node, ['value', 'array'])
  },
  // Arithmetic: numbers and operators are checked; what reads a variable cannot be.
  ArithmeticExpansion: ['expression'],
  ArithmeticExpression: ['expression'],
  ArithNumber: [],
  ArithBinary: ['left', 'right'],
  ArithUnary: ['operand'],
  ArithTernary: ['condition', 'consequent', 'alternate'],
  ArithGroup: ['expression'],
  ArithNested: ['expression'],
  ArithSpecialVar: (node, walk) => {
    if (!numericSpecials.has(String(node.name))) walk.unanalysable(arithmeticVariable(`$${String(node.name)}`))
  },
  ArithVariable: (node, walk) => walk.unanalysable(arithmeticVariable(String(node.name))),
  ArithArrayElement: (node, walk) => walk.unanalysable(arithmeticVariable(`${String(node.array)}[…]`)),
  ArithAssignment: (node, walk) => {
    if (node.operator !== '=' || node.subscript !== undefined || node.stringKey !== undefined) {
      return walk.unanalysable(arithmeticVariable(String(node.variable)))
    }
    walk.children(node, ['value'])
  },
  // Conditional expressions of `[[ … ]]`.
  CondBinary: (node, walk) => {
    if (['-eq', '-ne', '-lt', '-le', '-gt', '-ge'].includes(String(node.operator))) {
      for (const side of [node.left, node.right]) {
        const text = staticText(side)
        if (text === undefined || !/^\s*[+-]?(?:\d+|0[xX][\da-fA-F]+)\s*$/.test(text)) {
          walk.unanalysable(
            `\`[[ … ${String(node.operator)} … ]]\` evaluates its operands as arithmetic, and they are not plain numbers`,
          )
          break
        }
      }
    }
    walk.children(node, ['left', 'right'])
  },
  CondUnary: (node, walk) => {
    if (node.operator === '-v') {
      const text = staticText(node.operand)
      if (text === undefined || (!plainName.test(text) && !/^[A-Za-z_]\w*\[\d+\]$/.test(text))) {
        walk.unanalysable('`[[ -v … ]]` evaluates a subscript that is not a plain number')
      }
    }
    walk.children(node, ['operand'])
  },
  CondNot: ['operand'],
  CondAnd: ['left', 'right'],
  CondOr: ['left', 'right'],
  CondGroup: ['expression'],
  CondWord: ['word'],
}

/** The nested scripts in `node` and what in it cannot be checked; does not descend into the nested scripts. */
export function findNestedScripts(node: unknown): NestedFindings {
  const scripts: NestedScript[] = []
  const unanalysable: string[] = []
  const walk: Walk = {
    children: (record, fields) => {
      for (const field of fields) visit(record[field])
    },
    script: (script) => scripts.push(script),
    unanalysable: (reason) => {
      if (!unanalysable.includes(reason)) unanalysable.push(reason)
    },
  }
  const visit = (value: unknown): void => {
    if (value === null || value === undefined) return
    if (Array.isArray(value)) {
      for (const item of value) visit(item)
      return
    }
    if (typeof value !== 'object') return walk.unanalysable('it holds syntax the permission check does not know')
    const record = value as NodeRecord
    const how = kinds[String(record.type)]
    if (how === undefined)
      return walk.unanalysable(`it uses a shell construct the permission check does not know (${String(record.type)})`)
    if (typeof how === 'function') return how(record, walk)
    walk.children(record, how)
  }
  visit(node)
  return { scripts, unanalysable }
}

function isScript(value: unknown): value is ScriptNode {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'Script'
}

/** The text of a word made only of literal and quoted parts; `undefined` when anything in it expands. */
export function staticText(word: unknown): string | undefined {
  if (typeof word !== 'object' || word === null) return undefined
  const parts = (word as { parts?: unknown }).parts
  if (!Array.isArray(parts)) return undefined
  let text = ''
  for (const part of parts as NodeRecord[]) {
    if (part.type === 'Literal' || part.type === 'SingleQuoted' || part.type === 'Escaped') text += String(part.value)
    else if (part.type === 'DoubleQuoted') {
      const inner = staticText(part)
      if (inner === undefined) return undefined
      text += inner
    } else return undefined
  }
  return text
}

function startsWithBracket(word: NodeRecord): boolean {
  const first = (Array.isArray(word.parts) ? (word.parts as NodeRecord[]) : [])[0]
  if (first === undefined) return false
  const text = typeof first.value === 'string' ? first.value : typeof first.pattern === 'string' ? first.pattern : ''
  return text.startsWith('[')
}
