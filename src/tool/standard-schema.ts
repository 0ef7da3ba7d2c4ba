/**
 * The two Standard Schema interfaces toolhost relies on: validation (`~standard.validate`) and
 * JSON Schema generation (`~standard.jsonSchema`). zod 4 implements both; any other library that
 * does can define a tool's input.
 */

/** One problem found by a Standard Schema validator. */
export interface StandardIssue {
  readonly message: string
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined
}

/** The outcome of `~standard.validate`. */
export type StandardResult<Output> =
  { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<StandardIssue> }

/** A schema that validates values and can describe its input as JSON Schema. */
export interface StandardSchemaWithJson<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly types?: { readonly input: Input; readonly output: Output } | undefined
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>
    }
  }
}

/** The validated (output) type of a schema. */
export type InferOutput<S> = S extends StandardSchemaWithJson<unknown, infer O> ? O : never
