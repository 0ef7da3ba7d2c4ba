import type { z } from 'zod'
import { ToolError } from '../../../core/tool-error.js'
import { fillText } from '../../../text/model-text.js'
import { webSearchTexts as texts } from './search-texts.js'

/** A service's JSON answer read with `schema`; an answer of another shape is a `web_search.bad_response`. */
export function parseAnswer<Schema extends z.ZodType>(
  schema: Schema,
  answer: unknown,
  label: string,
): z.output<Schema> {
  const parsed = schema.safeParse(answer)
  if (!parsed.success) throw new ToolError('web_search.bad_response', fillText(texts.badShape, { backend: label }))
  return parsed.data
}
