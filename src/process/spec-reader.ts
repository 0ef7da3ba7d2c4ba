import {
  isAlias,
  isMap,
  isNode,
  isScalar,
  isSeq,
  type Document,
  type LineCounter,
  type Node as YamlNode,
  type YAMLMap,
} from 'yaml'
import { didYouMean } from '../gate/did-you-mean.js'

// What a mapping or list reads as where a plain value was expected: never equal to a real value.
const shapes = { mapping: { shape: 'a mapping' }, list: { shape: 'a list' } } as const

/** A problem found in a spec file, at a line. */
export interface SpecProblem {
  readonly line: number
  readonly message: string
}

/** The fields of a YAML mapping, by key, with the mapping's own line for "missing" problems. */
export interface SpecFields {
  readonly line: number
  readonly values: ReadonlyMap<string, unknown>
  /** The line of a field's key, or of the mapping when it is absent. */
  lineOf(key: string): number
}

/**
 * Reads values out of a parsed YAML document, reporting wrong shapes with the line they are on.
 * Each `read*` returns `undefined` (and records a problem) when the value does not fit. A reader
 * writes its problems to one list; {@link SpecReader.into} gives a reader over the same document
 * writing to another, so one tool's problems stay apart from another's.
 */
export class SpecReader {
  readonly problems: SpecProblem[]
  readonly #doc: Document
  readonly #lines: LineCounter

  constructor(doc: Document, lines: LineCounter, problems: SpecProblem[] = []) {
    this.#doc = doc
    this.#lines = lines
    this.problems = problems
  }

  /** A reader over the same document that records into `problems`. */
  into(problems: SpecProblem[]): SpecReader {
    return new SpecReader(this.#doc, this.#lines, problems)
  }

  /** The 1-based line a node starts on (`fallback` for a node without a position). */
  line(node: unknown, fallback = 1): number {
    const range = isNode(node) ? node.range : undefined
    return range === undefined || range === null ? fallback : this.#lines.linePos(range[0]).line
  }

  report(line: number, message: string): undefined {
    this.problems.push({ line, message })
    return undefined
  }

  /**
   * The fields of a mapping. Keys outside `allowed` are reported (with a near-miss suggestion) and
   * left out; `'any'` takes every key (a mapping of names).
   */
  fields(
    node: unknown,
    what: string,
    allowed: readonly string[] | 'any',
    fallbackLine: number,
  ): SpecFields | undefined {
    const map = this.#resolve(node)
    if (!isMap(map)) return this.report(this.line(node, fallbackLine), `${what} must be a mapping of keys to values`)
    const mapLine = this.line(map, fallbackLine)
    const values = new Map<string, unknown>()
    const lines = new Map<string, number>()
    for (const pair of (map as YAMLMap<unknown, unknown>).items) {
      const key = this.#resolve(pair.key)
      const keyLine = this.line(pair.key, mapLine)
      if (!isScalar(key) || typeof key.value !== 'string') {
        this.report(keyLine, `${what} has a key that is not a plain name`)
        continue
      }
      if (allowed !== 'any' && !allowed.includes(key.value)) {
        const [near] = didYouMean(key.value, allowed, 1)
        const hint = near === undefined ? `; known keys: ${allowed.join(', ')}` : `; did you mean "${near}"?`
        this.report(keyLine, `${what} has an unknown key "${key.value}"${hint}`)
        continue
      }
      values.set(key.value, pair.value)
      lines.set(key.value, keyLine)
    }
    return { line: mapLine, values, lineOf: (key) => lines.get(key) ?? mapLine }
  }

  /** The entries of a sequence, or `undefined` (reported) when the node is not one. */
  list(node: unknown, what: string, fallbackLine: number): readonly unknown[] | undefined {
    const seq = this.#resolve(node)
    if (!isSeq(seq)) return this.report(this.line(node, fallbackLine), `${what} must be a list`)
    return seq.items
  }

  string(
    node: unknown,
    what: string,
    fallbackLine: number,
    options: { readonly pattern?: RegExp; readonly hint?: string } = {},
  ): string | undefined {
    const value = this.#scalar(node)
    const line = this.line(node, fallbackLine)
    if (typeof value !== 'string' || value.trim() === '')
      return this.report(line, `${what} must be a non-empty text${shown(value)}`)
    if (options.pattern !== undefined && !options.pattern.test(value))
      return this.report(line, `${what} "${value}" ${options.hint ?? 'is not valid'}`)
    return value
  }

  number(
    node: unknown,
    what: string,
    fallbackLine: number,
    range: { readonly min: number; readonly max: number },
  ): number | undefined {
    const value = this.#scalar(node)
    const line = this.line(node, fallbackLine)
    if (typeof value !== 'number' || !Number.isFinite(value))
      return this.report(line, `${what} must be a number${shown(value)}`)
    if (value < range.min || value > range.max)
      return this.report(line, `${what} must be between ${range.min} and ${range.max} (got ${value})`)
    return value
  }

  boolean(node: unknown, what: string, fallbackLine: number): boolean | undefined {
    const value = this.#scalar(node)
    if (typeof value !== 'boolean')
      return this.report(this.line(node, fallbackLine), `${what} must be true or false${shown(value)}`)
    return value
  }

  /** One of `choices`, written as a plain value. */
  choice<T extends string>(node: unknown, what: string, fallbackLine: number, choices: readonly T[]): T | undefined {
    const value = this.#scalar(node)
    const found = choices.find((choice) => choice === value)
    if (found === undefined)
      return this.report(this.line(node, fallbackLine), `${what} must be one of ${choices.join(', ')}${shown(value)}`)
    return found
  }

  /** A list of non-empty texts. */
  strings(
    node: unknown,
    what: string,
    fallbackLine: number,
    options: { readonly pattern?: RegExp; readonly hint?: string } = {},
  ): string[] | undefined {
    const items = this.list(node, what, fallbackLine)
    if (items === undefined) return undefined
    const values = items.map((item, index) =>
      this.string(item, `${what}[${index}]`, this.line(node, fallbackLine), options),
    )
    return values.every((value) => value !== undefined) ? values : undefined
  }

  /** The plain JavaScript value of a node (lists and mappings included). */
  plain(node: unknown): unknown {
    const resolved = this.#resolve(node)
    return isNode(resolved) ? resolved.toJS(this.#doc, { maxAliasCount: 100 }) : resolved
  }

  #scalar(node: unknown): unknown {
    const resolved = this.#resolve(node)
    if (isScalar(resolved)) return resolved.value
    return isMap(resolved) ? shapes.mapping : isSeq(resolved) ? shapes.list : resolved
  }

  #resolve(node: unknown): unknown {
    // Anchors and aliases are allowed: an alias reads as the node it names.
    return isAlias(node) ? (node.resolve(this.#doc) as YamlNode | undefined) : node
  }
}

function shown(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (value === shapes.mapping) return ` (got ${shapes.mapping.shape})`
  if (value === shapes.list) return ` (got ${shapes.list.shape})`
  return ` (got ${JSON.stringify(value)})`
}
