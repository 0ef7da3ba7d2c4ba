import type { JsonSchema } from '../../core/json-schema.js'
import type { ProtocolName } from '../../core/protocol-name.js'

/** One keyword or construct a schema compiler removed or changed, with where and why. */
export interface SchemaDrop {
  /** JSON Pointer into the source schema, e.g. `/properties/when/format`. */
  readonly path: string
  readonly keyword: string
  readonly reason: string
}

/** Options of a schema compiler. */
export interface SchemaCompileOptions {
  /** OpenAI strict mode: every property required, optional → nullable, `additionalProperties: false`. */
  readonly strict?: boolean
}

/** A schema lowered to one protocol's dialect. */
export interface CompiledSchema {
  /** Root is always `type: "object"`. */
  readonly schema: JsonSchema
  /** What was dropped or rewritten, so the difference is never silent. */
  readonly dropped: readonly SchemaDrop[]
  /** True when the schema was compiled for strict mode (OpenAI only). */
  readonly strict: boolean
}

/** What a snapshot needs to know about a model wire dialect. */
export interface Protocol {
  readonly name: ProtocolName
  /** Longest tool name in UTF-8 bytes. */
  readonly maxNameBytes: number
  /** True when `name` is a legal tool name in this dialect. */
  isValidName(name: string): boolean
  /** Makes a name legal (e.g. Gemini's first character) without changing a legal one. */
  fixName(name: string): string
  /** Whether images may sit inside a tool result; if not, they go in a message right after the results. */
  readonly imagesInToolResults: boolean
  /** Whether the dialect has OpenAI-style strict function schemas. */
  readonly supportsStrict: boolean
  compileSchema(schema: JsonSchema, options?: SchemaCompileOptions): CompiledSchema
}
