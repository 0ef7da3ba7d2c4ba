import { isMap, isPair, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml'
import { migrateProfile } from '../../../profile/profile-migrations.js'
import { maxCallsKeyProblems, profileKeysAt, profileSchema, type Profile } from '../../../profile/profile-schema.js'
import { jsonErrorOffset } from './json-error-offset.js'

/** How a profile is written. */
export type ProfileFormat = 'json' | 'yaml'

/** One problem of a profile text, at the line and column (1-based) it is about. */
export interface ProfileTextError {
  readonly line: number
  readonly column: number
  readonly message: string
  /** The setting it is about, e.g. `tools.allow[2]`; absent for syntax errors. */
  readonly path?: string
}

/** A checked profile text: the profile when it is valid, else every problem at its place. */
export type ProfileCheck =
  | { readonly valid: true; readonly profile: Profile; readonly errors: readonly [] }
  | { readonly valid: false; readonly errors: readonly ProfileTextError[] }

/**
 * Checks a profile text as the host would load it (parse, migrate, validate), placing each
 * problem at its line and column. With `expectedId`, the profile's id must be that one.
 * @example checkProfileText('schemaVersion: 2\nid: reader\ntools: { allow: [builtin:*] }\n', 'yaml').valid // true
 */
export function checkProfileText(text: string, format: ProfileFormat, expectedId?: string): ProfileCheck {
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true })
  const at = (offset: number): { line: number; column: number } => {
    const pos = lines.linePos(offset)
    return { line: pos.line, column: pos.col }
  }
  let raw: unknown
  if (format === 'json') {
    try {
      raw = JSON.parse(text)
    } catch (error) {
      const message = (error as Error).message
      const offset = jsonErrorOffset(text) ?? text.length
      return { valid: false, errors: [{ ...at(offset), message: `Not valid JSON: ${shortJsonMessage(message)}` }] }
    }
  } else {
    if (doc.errors.length > 0)
      return {
        valid: false,
        errors: doc.errors.map((error) => ({
          line: error.linePos?.[0].line ?? 1,
          column: error.linePos?.[0].col ?? 1,
          message: `YAML: ${error.message.split('\n')[0] ?? ''}`,
        })),
      }
    raw = doc.toJS() as unknown
  }
  const place = (path: readonly PropertyKey[], key?: string): ProfileTextError & { path: string } => ({
    ...at(offsetOf(doc, path, key)),
    message: '',
    path: formatPath(key === undefined ? path : [...path, key]),
  })
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { valid: false, errors: [{ ...at(0), message: 'A profile must be an object (a mapping of settings)' }] }
  const migrated = migrateProfile(raw as Record<string, unknown>)
  if ('problem' in migrated)
    return { valid: false, errors: [{ ...place(['schemaVersion']), message: migrated.problem }] }
  const parsed = profileSchema.safeParse(migrated.profile)
  if (!parsed.success)
    return {
      valid: false,
      errors: parsed.error.issues.flatMap((issue) => {
        if (issue.code !== 'unrecognized_keys')
          return [{ ...place(issue.path), message: withWhere(issue.path, issue.message) }]
        const valid = profileKeysAt(formatPath(issue.path))
        return issue.keys.map((key) => ({
          ...place(issue.path, key),
          message: `${withWhere(issue.path, `unknown key "${key}"`)}${valid.length > 0 ? `; valid keys: ${valid.join(', ')}` : ''}`,
        }))
      }),
    }
  const keyProblems = maxCallsKeyProblems(parsed.data)
  if (keyProblems.length > 0)
    return {
      valid: false,
      errors: keyProblems.map((problem) => {
        const key = /^tools\.maxCallsPerTool: "(.*?)" /.exec(problem)?.[1]
        return { ...place(['tools', 'maxCallsPerTool'], key), message: problem }
      }),
    }
  if (expectedId !== undefined && parsed.data.id !== expectedId)
    return {
      valid: false,
      errors: [
        {
          ...place(['id']),
          message: `id is "${parsed.data.id}" but the profile is saved as "${expectedId}"; make them the same`,
        },
      ],
    }
  return { valid: true, profile: parsed.data, errors: [] }
}

/** The offset of the node a path leads to (a key's own place when `key` is given), else of its nearest ancestor. */
function offsetOf(doc: Document, path: readonly PropertyKey[], key?: string): number {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = doc.getIn(path.slice(0, depth), true) as Node | undefined
    if (node === undefined || node === null || !('range' in node)) continue
    if (depth === path.length && key !== undefined && isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === key)
      if (pair !== undefined && isScalar(pair.key) && pair.key.range) return pair.key.range[0]
    }
    if (depth < path.length) {
      // A missing setting: point at the key of the nearest object that holds it.
      const parentKey = path[depth]
      if (isMap(node) && parentKey !== undefined) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(parentKey))
        if (pair !== undefined && isScalar(pair.key) && pair.key.range) return pair.key.range[0]
      }
    }
    return node.range?.[0] ?? 0
  }
  return 0
}

function withWhere(path: readonly PropertyKey[], message: string): string {
  const where = formatPath(path)
  return where === '' ? message : `${where}: ${message}`
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('')
}

/** V8's message without the quoted text it repeats. */
function shortJsonMessage(message: string): string {
  return message.replace(/, ".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '')
}
