import type { SchemaDrop } from '../protocols/protocol.js'
import type { DropKeyword, DropRecorder } from './drop-recorder.js'
import type { SchemaNode } from './schema-node.js'

/** Running totals of one strict conversion, for the size limits of the whole schema. */
export interface StrictTotals {
  properties: number
  enumValues: number
  // Size limits are reported once, at the first object past them.
  depthReported: boolean
  sizeReported: boolean
}

/** One run of `toOpenAIStrict`: where its changes and blockers go, and how it converts a subschema. */
export interface StrictPass extends DropRecorder {
  /** Why the schema cannot be strict; each is in `dropped` too. */
  readonly blockers: SchemaDrop[]
  /** Records a keyword that keeps the schema from being strict. */
  readonly block: DropKeyword
  readonly totals: StrictTotals
  /** Converts the subschema at `path`, nested in `depth` objects. */
  readonly convert: (node: SchemaNode, path: string, depth: number, isRoot?: boolean) => SchemaNode
}
