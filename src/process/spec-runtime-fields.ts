import { statSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import type { ProcessEnvSpec } from './process-spec.js'
import type { SpecReader } from './spec-reader.js'

const envName = /^[A-Za-z_][A-Za-z0-9_]*$/
const envNameHint = 'is not an environment variable name (letters, digits and "_", not starting with a digit)'
// `${NAME}` in an allow-list entry.
const placeholder = /\$\{([^}]*)\}/g

/**
 * Reads `command`: a list `[program, arg…]`, or a text split at whitespace (no shell, no quoting:
 * use a list for arguments with spaces). A program with a `/` is a path relative to the spec's
 * directory and must exist; a bare name is looked up on PATH when the tool runs.
 */
export function readCommand(reader: SpecReader, node: unknown, line: number, directory: string): string[] | undefined {
  if (node === undefined) return reader.report(line, 'command is missing')
  const command = reader.plain(node)
  if (typeof command !== 'string' && !Array.isArray(command))
    return reader.report(reader.line(node, line), 'command must be a text or a list [program, arg…]')
  const words = typeof command === 'string' ? command.trim().split(/\s+/) : reader.strings(node, 'command', line)
  if (words === undefined) return undefined
  const at = reader.line(node, line)
  const [program] = words
  if (program === undefined || program === '') return reader.report(at, 'command must name a program')
  if (program.includes('/')) {
    const path = isAbsolute(program) ? program : resolve(directory, program)
    if (!isFile(path)) return reader.report(at, `command: the program ${program} does not exist (looked for ${path})`)
  }
  return words
}

/** Reads `env: { pass: [NAME…], set: { NAME: value… } }`. */
export function readEnv(reader: SpecReader, node: unknown, line: number): ProcessEnvSpec | undefined {
  if (node === undefined || node === null) return { pass: [], set: {} }
  const fields = reader.fields(node, 'env', ['pass', 'set'], line)
  if (fields === undefined) return undefined
  const passNode = fields.values.get('pass')
  const pass =
    passNode === undefined
      ? []
      : reader.strings(passNode, 'env.pass', fields.lineOf('pass'), { pattern: envName, hint: envNameHint })
  const setNode = fields.values.get('set')
  const set = setNode === undefined ? {} : readFixedValues(reader, setNode, fields.lineOf('set'))
  return pass === undefined || set === undefined ? undefined : { pass, set }
}

function readFixedValues(reader: SpecReader, node: unknown, line: number): Record<string, string> | undefined {
  const values = reader.fields(node, 'env.set', 'any', line)
  if (values === undefined) return undefined
  const set: Record<string, string> = {}
  let ok = true
  for (const [name, value] of values.values) {
    const plain = reader.plain(value)
    if (!envName.test(name)) {
      reader.report(values.lineOf(name), `env.set: "${name}" ${envNameHint}`)
      ok = false
    } else if (typeof plain === 'string' || typeof plain === 'number' || typeof plain === 'boolean') {
      set[name] = String(plain)
    } else {
      reader.report(values.lineOf(name), `env.set.${name} must be a text, number or boolean`)
      ok = false
    }
  }
  return ok ? set : undefined
}

/**
 * Reads `http: { allow: [prefix…] }`. Each prefix is an http(s) URL; `${NAME}` may stand for a
 * variable the tool's `env` declares, so the allow-list follows an overridable base URL.
 */
export function readHttpAllow(
  reader: SpecReader,
  node: unknown,
  line: number,
  env: ProcessEnvSpec | undefined,
): string[] | undefined {
  if (node === undefined || node === null) return []
  const fields = reader.fields(node, 'http', ['allow'], line)
  if (fields === undefined) return undefined
  const allowNode = fields.values.get('allow')
  if (allowNode === undefined) return []
  const entries = reader.strings(allowNode, 'http.allow', fields.lineOf('allow'))
  if (entries === undefined) return undefined
  const declared = new Set([...(env?.pass ?? []), ...Object.keys(env?.set ?? {})])
  const at = reader.line(allowNode, fields.lineOf('allow'))
  const problems = entries.flatMap((entry, index) => {
    const names = [...entry.matchAll(placeholder)].map((match) => match[1] ?? '')
    const undeclared = names.find((name) => !declared.has(name))
    if (undeclared !== undefined)
      return [`http.allow[${index}] uses \${${undeclared}}, which env does not declare (in pass or set)`]
    // An entry with placeholders is checked once they are filled in, when the tool runs.
    if (names.length === 0 && !isHttpUrl(entry))
      return [`http.allow[${index}] "${entry}" must be an http:// or https:// URL prefix`]
    return []
  })
  for (const problem of problems) reader.report(at, problem)
  return problems.length === 0 ? entries : undefined
}

/** Replaces `${NAME}` in allow-list entries from `env`; entries naming an unset variable are dropped. */
export function expandAllowList(
  entries: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  return entries.flatMap((entry) => {
    let missing = false
    const expanded = entry.replace(placeholder, (_match, name: string) => {
      const value = env[name]
      if (value === undefined || value === '') missing = true
      return value ?? ''
    })
    return missing || !isHttpUrl(expanded) ? [] : [expanded]
  })
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}
