import type { SpecFields, SpecReader } from './spec-reader.js'

/**
 * Field names of the specs written for iAs, accepted beside toolhost's own so that those files run
 * unchanged: `desc` for `description` (of a tool and of a parameter).
 */
export const fieldSynonyms: Readonly<Record<string, string>> = { description: 'desc' }

/** The synonyms of `keys`, to add to the keys a mapping may have. */
export function synonymsOf(keys: readonly string[]): string[] {
  return keys.flatMap((key) => (fieldSynonyms[key] === undefined ? [] : [fieldSynonyms[key]]))
}

/** A field read under its own name or its synonym: the value and the line of whichever key was written. */
export interface FieldValue {
  readonly node: unknown
  readonly line: number
}

/**
 * The value of `key`, written as `key` or as its synonym. Both at once is a problem (reported at the
 * synonym's line): one would silently win over the other.
 */
export function readField(reader: SpecReader, fields: SpecFields, key: string, what: string): FieldValue {
  const synonym = fieldSynonyms[key]
  const own = fields.values.get(key)
  const other = synonym === undefined ? undefined : fields.values.get(synonym)
  if (synonym !== undefined && other !== undefined) {
    if (own !== undefined) reader.report(fields.lineOf(synonym), `${what} has both "${key}" and "${synonym}"; keep one`)
    else return { node: other, line: fields.lineOf(synonym) }
  }
  return { node: own, line: fields.lineOf(key) }
}
