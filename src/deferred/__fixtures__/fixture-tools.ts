import type { CatalogTool } from '../../catalog/catalog-tool.js'
import { compileInputSchema, type JsonInputValidator } from '../../extensions/json-schema-validator.js'
import type { JsonSchema } from '../../core/json-schema.js'
import { parseToolId, type ToolId } from '../../core/tool-id.js'

/** A tool written as data (catalog.json): id, MCP server name, description, parameters. */
export interface ToolSpec {
  readonly id: ToolId
  readonly server?: string
  readonly description: string
  /** Parameter names and their descriptions; all strings. */
  readonly params: Readonly<Record<string, string>>
  readonly required: readonly string[]
}

/** The JSON Schema of a spec's parameters. */
export function specSchema(spec: ToolSpec): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(spec.params).map(([name, description]) => [name, { type: 'string', description }]),
  )
  return { type: 'object', properties, required: [...spec.required] }
}

/**
 * A catalog tool for a spec, as an MCP, process or extension adapter would build it: JSON Schema
 * validated by ajv (compiled on first use), and a call that echoes its input.
 */
export function specCatalogTool(spec: ToolSpec): CatalogTool {
  const { kind, nativeName } = parseToolId(spec.id)
  const inputSchema = specSchema(spec)
  let validate: JsonInputValidator | undefined
  return {
    id: spec.id,
    source: kind,
    nativeName,
    ...(spec.server !== undefined && { serverName: spec.server }),
    describe: () => spec.description,
    inputSchema,
    closedSchema: false,
    annotations: {},
    scopes: ['chat', 'session'],
    completion: false,
    timeoutMs: 30_000,
    pagesItself: false,
    returnsImages: false,
    renamedParameters: {},
    validate: async (input) => (validate ??= compileInputSchema(inputSchema))(input),
    call: async (input) => ({ content: `${nativeName} ran with ${JSON.stringify(input)}`, structured: input }),
  }
}
