import type { JsonSchema } from '../../core/json-schema.js'
import type { DropRecorder } from './drop-recorder.js'
import type { SchemaNode } from './schema-node.js'

/** One run of `toGeminiSubset`: where its changes are recorded, and how it lowers a subschema. */
export interface GeminiPass extends DropRecorder {
  /** Lowers the subschema at `path`; `nullable` when an enclosing union already allows null. */
  readonly lower: (node: SchemaNode, path: string, nullable?: boolean) => JsonSchema
}
