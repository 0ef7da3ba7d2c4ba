import { basename, dirname, extname, resolve } from 'node:path'
import { LineCounter, parseDocument } from 'yaml'
import type { ToolId } from '../core/tool-id.js'
import { readToolSpec, specIdPattern, toolKeys, type ToolSpecOrigin } from './parse-tool-spec.js'
import type { ProcessToolSpec } from './process-spec.js'
import { SpecReader, type SpecProblem } from './spec-reader.js'

/** A problem of a spec file, with the tool it concerns (`process/<pack>:*` when no tool can be named). */
export interface SpecFileProblem {
  readonly toolId: ToolId
  readonly file: string
  readonly line: number
  /** `<file>:<line>: <what is wrong>`. */
  readonly message: string
}

/** The valid tools of a spec file and the problems of the others. */
export interface ParsedSpecFile {
  readonly specs: ProcessToolSpec[]
  readonly problems: SpecFileProblem[]
}

/**
 * Parses one spec file. Two layouts:
 * - one tool: the file is the tool's mapping (`name`, `description`, `command`, …), optionally with
 *   `pack:`;
 * - a pack: `pack:` (optional) and `tools:`, a list of tool mappings.
 * The pack id is `pack:` or the file name without its extension. A tool with problems is left out
 * and reported; the other tools of the file are kept. Problems name the file and line.
 */
export function parseSpecFile(file: string, text: string): ParsedSpecFile {
  const stem = basename(file, extname(file))
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true })
  const fileProblems: SpecProblem[] = []
  const reader = new SpecReader(doc, lines, fileProblems)
  const problems: SpecFileProblem[] = []
  const report = (pack: string, name: string | undefined, found: readonly SpecProblem[]) => {
    for (const { line, message } of found)
      problems.push({ toolId: `process/${pack}:${name ?? '*'}`, file, line, message: `${file}:${line}: ${message}` })
  }

  const fail = (found: readonly SpecProblem[]): ParsedSpecFile => {
    report(stem, undefined, found)
    return { specs: [], problems }
  }

  for (const error of doc.errors) {
    // yaml's messages end with the position and a code excerpt; the line number replaces both.
    reader.report(
      error.linePos?.[0].line ?? 1,
      (error.message.split('\n')[0] ?? error.message).replace(/ at line \d+, column \d+:?$/, ''),
    )
  }
  if (doc.errors.length > 0) return fail(fileProblems)
  if (doc.contents === null)
    return fail([{ line: 1, message: 'the file is empty; it should describe a tool or a pack of tools' }])

  // Only `pack` and `tools` are read here; the tool's own reading reports unknown keys.
  const top = reader.fields(doc.contents, 'the file', 'any', 1)
  const packNode = top?.values.get('pack')
  const pack = packNode === undefined ? stem : reader.string(packNode, 'pack', top?.lineOf('pack') ?? 1)
  if (top === undefined || pack === undefined) return fail(fileProblems)
  if (!specIdPattern.test(pack)) {
    const what =
      packNode === undefined ? `the file name "${stem}" (the pack id unless "pack:" is given)` : `pack "${pack}"`
    return fail([
      { line: top.lineOf('pack'), message: `${what} may contain only letters, digits, "_", "-" and "." (at most 64)` },
    ])
  }
  const origin: ToolSpecOrigin = { pack, file, directory: resolve(dirname(file)) }
  const specs: ProcessToolSpec[] = []

  if (!top.values.has('tools')) {
    const tool = readToolSpec(reader, doc.contents, origin, 1, ['pack'])
    report(pack, tool.name, fileProblems)
    if (tool.spec !== undefined) specs.push(tool.spec)
    return { specs, problems }
  }

  const extra = [...top.values.keys()].filter((key) => key !== 'pack' && key !== 'tools')
  for (const key of extra) {
    const where = (toolKeys as readonly string[]).includes(key)
      ? `"${key}" belongs inside a tool of the list`
      : `unknown key "${key}"`
    reader.report(top.lineOf(key), `${where}: a pack file has only "pack" and "tools"`)
  }
  const entries = reader.list(top.values.get('tools'), 'tools', top.lineOf('tools')) ?? []
  if (entries.length === 0 && fileProblems.length === 0) reader.report(top.lineOf('tools'), 'tools lists no tool')
  report(pack, undefined, fileProblems)
  const seen = new Map<string, number>()
  for (const entry of entries) {
    const found: SpecProblem[] = []
    const tool = readToolSpec(reader.into(found), entry, origin, top.lineOf('tools'))
    const first = tool.name === undefined ? undefined : seen.get(tool.name)
    if (first !== undefined)
      found.push({ line: tool.line, message: `a tool named "${tool.name}" is already defined at line ${first}` })
    else if (tool.name !== undefined) seen.set(tool.name, tool.line)
    report(pack, tool.name, found)
    if (tool.spec !== undefined && first === undefined) specs.push(tool.spec)
  }
  return { specs, problems }
}
