/**
 * ToolArguments: the only place a model's wire arguments become an object (DESIGN §5).
 * A JSON string encoding is stripped once, then one rule applies, so both encodings agree.
 */

/** A JSON object, as tools receive it. */
export type ArgumentsObject = Record<string, unknown>

/** The outcome of reading wire arguments: an object, or the raw text kept verbatim as invalid. */
export type ToolArguments =
  | { readonly ok: true; readonly value: ArgumentsObject; readonly raw: string }
  | { readonly ok: false; readonly raw: string; readonly reason: string }

/** How many characters of invalid raw text an error echoes. */
export const rawEchoLimit = 200

/**
 * Reads a wire value into ToolArguments.
 *
 * - missing, `null`, `""`, whitespace, `"null"`, `"{}"`, `{}` → `{}`
 * - a JSON object, or the JSON string encoding of one → that object
 * - anything else (truncated JSON, arrays, scalars) → invalid, raw text kept
 *
 * @example parseToolArguments('{"formula":"2d6"}') // { ok: true, value: { formula: '2d6' }, raw: '{"formula":"2d6"}' }
 */
export function parseToolArguments(wire: unknown): ToolArguments {
  const raw = rawArgumentText(wire)
  let value: unknown = wire
  if (typeof wire === 'string') {
    if (wire.trim() === '') return { ok: true, value: {}, raw }
    try {
      value = JSON.parse(wire)
    } catch (error) {
      return { ok: false, raw, reason: `not valid JSON (${(error as Error).message})` }
    }
  }
  if (value === undefined || value === null) return { ok: true, value: {}, raw }
  if (isPlainObject(value)) return { ok: true, value, raw }
  return { ok: false, raw, reason: `expected a JSON object, got ${describeJsonType(value)}` }
}

/** The raw text of a wire value, as stored and echoed. */
export function rawArgumentText(wire: unknown): string {
  if (typeof wire === 'string') return wire
  if (wire === undefined) return ''
  try {
    return JSON.stringify(wire) ?? String(wire)
  } catch {
    return String(wire)
  }
}

function isPlainObject(value: unknown): value is ArgumentsObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function describeJsonType(value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return 'a string'
  return `a ${typeof value}`
}

/** The first {@link rawEchoLimit} characters of raw text, marked when cut. */
export function echoRaw(raw: string): string {
  return raw.length <= rawEchoLimit ? raw : `${raw.slice(0, rawEchoLimit)}…`
}
