import type { JsonSchema } from '../../core/json-schema.js'
import type { DropKeyword } from './drop-recorder.js'
import type { JsonType } from './schema-types.js'

/**
 * Turns `exclusiveMinimum` / `exclusiveMaximum` of a number or integer node into the inclusive
 * bound on `out` (Gemini has no exclusive bounds); false when `keyword` is not one of them.
 */
export function lowerExclusiveBound(
  drop: DropKeyword,
  out: JsonSchema,
  node: JsonSchema,
  keyword: string,
  value: unknown,
  type: JsonType,
  path: string,
): boolean {
  if ((keyword !== 'exclusiveMinimum' && keyword !== 'exclusiveMaximum') || (type !== 'number' && type !== 'integer'))
    return false
  const lowerEnd = keyword === 'exclusiveMinimum'
  const inclusive = lowerEnd ? 'minimum' : 'maximum'
  // Draft-04 writes a boolean beside minimum/maximum; 2020-12 writes the bound itself.
  const bound =
    typeof value === 'number'
      ? value
      : value === true && typeof node[inclusive] === 'number'
        ? node[inclusive]
        : undefined
  if (bound === undefined) {
    drop(path, keyword, `not in Gemini's schema subset`)
    return true
  }
  const step = lowerEnd ? 1 : -1
  const exact = type === 'integer'
  const limit = exact ? (lowerEnd ? Math.floor(bound) : Math.ceil(bound)) + step : bound
  const existing = out[inclusive] ?? node[inclusive]
  const tighter = typeof existing !== 'number' || (lowerEnd ? limit > existing : limit < existing)
  if (tighter) out[inclusive] = limit
  drop(
    path,
    keyword,
    exact
      ? `rewritten as ${inclusive}: Gemini has no exclusive bounds`
      : `rewritten as the inclusive ${inclusive}: Gemini has no exclusive bounds, so the bound itself is now allowed`,
  )
  return true
}
