/** A JSON Schema document as plain data. */
export type JsonSchema = { [key: string]: unknown }
