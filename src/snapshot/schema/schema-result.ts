import type { SchemaDrop } from '../protocols/protocol.js'
import type { JsonSchema } from '../../core/json-schema.js'

/** What one schema pass returns: the rewritten schema and every change it made. */
export interface SchemaResult {
  readonly schema: JsonSchema
  readonly dropped: readonly SchemaDrop[]
}
