import type { JsonSchema } from '../../core/json-schema.js'
import type { DropKeyword } from './drop-recorder.js'
import { isKeptAnywhere, pickKeptAnywhere } from './gemini-keywords.js'

/** What stands for "any value", which the subset cannot say: every node needs a type. */
const anyScalar: readonly JsonSchema[] = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }]

/**
 * The string-number-boolean `anyOf` standing for `source`, which has no type Gemini can name;
 * its annotations stay, every other keyword is reported with the missing type.
 */
export function anyValue(
  drop: DropKeyword,
  source: JsonSchema,
  path: string,
  nullable: boolean,
  reason: string,
): JsonSchema {
  drop(path, 'type', reason)
  for (const keyword of Object.keys(source)) {
    if (keyword !== 'type' && keyword !== 'nullable' && !isKeptAnywhere(keyword)) {
      drop(path, keyword, `not in Gemini's schema subset`)
    }
  }
  const result: JsonSchema = { ...pickKeptAnywhere(source), anyOf: anyScalar.map((branch) => ({ ...branch })) }
  if (nullable) result.nullable = true
  return result
}
