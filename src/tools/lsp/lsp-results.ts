import { normalUri } from './file-uri.js'
import type { LspRange } from './positions.js'

/** A place a server named: a file URI and a range in it. */
export interface LspLocation {
  readonly uri: string
  readonly range: LspRange
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isPosition(value: unknown): boolean {
  return isRecord(value) && typeof value.line === 'number' && typeof value.character === 'number'
}

/** A range from a server's answer, or undefined when it is not one. */
export function asRange(value: unknown): LspRange | undefined {
  return isRecord(value) && isPosition(value.start) && isPosition(value.end)
    ? (value as unknown as LspRange)
    : undefined
}

/** One Location or LocationLink (its target's name range), or undefined. */
export function asLocation(value: unknown): LspLocation | undefined {
  if (!isRecord(value)) return undefined
  if (typeof value.uri === 'string') {
    const range = asRange(value.range)
    return range === undefined ? undefined : { uri: normalUri(value.uri), range }
  }
  if (typeof value.targetUri === 'string') {
    const range = asRange(value.targetSelectionRange) ?? asRange(value.targetRange)
    return range === undefined ? undefined : { uri: normalUri(value.targetUri), range }
  }
  return undefined
}

/** The locations of a definition or references answer: a Location, a list of them or of LocationLinks, or null. */
export function locationsOf(result: unknown): LspLocation[] {
  const items = Array.isArray(result) ? result : result === null || result === undefined ? [] : [result]
  return items.map(asLocation).filter((location) => location !== undefined)
}

/** Whether `value` is a plain object (for the shapes of symbol and hover answers). */
export { isRecord }
