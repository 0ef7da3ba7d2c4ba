import type { JSONSchema7, LanguageModelV4FunctionTool } from '@ai-sdk/provider'
import type { SnapshotBinding } from '../../snapshot/snapshot-binding.js'
import type { ProtocolName } from '../../core/protocol-name.js'
import type { JsonSchema } from '../../core/json-schema.js'

/**
 * The function tools to send to the model for a snapshot's bindings: name = alias, the compiled
 * description and input schema, `strict: true` only for bindings compiled in strict mode.
 *
 * Gemini: `@ai-sdk/google` sends the schema as `parametersJsonSchema`. A tool without parameters
 * goes out as `{"type":"object"}`: no empty `properties` (Gemini refuses an OBJECT with empty
 * properties) and no `required`.
 *
 * @example
 * const tools = modelTools(invocation.offered, invocation.snapshot.protocol)
 */
export function modelTools(
  bindings: readonly SnapshotBinding[],
  protocol: ProtocolName,
): LanguageModelV4FunctionTool[] {
  return bindings.map((binding) => {
    const schema = protocol === 'gemini' ? withoutEmptyObjectKeys(binding.inputSchema) : binding.inputSchema
    const tool: LanguageModelV4FunctionTool = {
      type: 'function',
      name: binding.alias,
      description: binding.description,
      inputSchema: schema as JSONSchema7,
    }
    if (binding.strict) tool.strict = true
    return tool
  })
}

/** True when the root schema declares no parameters (no or empty `properties`). */
export function declaresNoParameters(schema: JsonSchema): boolean {
  const properties = schema.properties
  return (
    properties === undefined ||
    (typeof properties === 'object' && properties !== null && Object.keys(properties).length === 0)
  )
}

function withoutEmptyObjectKeys(schema: JsonSchema): JsonSchema {
  if (!declaresNoParameters(schema)) return schema
  const { properties: _properties, required: _required, ...rest } = schema
  return { ...rest, type: 'object' }
}
