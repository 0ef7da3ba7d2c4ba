import type { CatalogTool } from '../../catalog/catalog-tool.js'
import { scopes } from '../../core/scope.js'
import { compileInputSchema } from '../../extensions/json-schema-validator.js'
import type { JsonSchema } from '../../core/json-schema.js'
import type { McpRegistrationRecord, McpToolPermission, McpToolRecord } from '../../store/mcp-servers.js'
import { fillText } from '../../text/model-text.js'
import type { ToolAnnotations, ToolCallContext, ToolCallReturn } from '../../tool/define-tool.js'
import { formatToolId } from '../../core/tool-id.js'
import { mcpTexts } from './mcp-texts.js'

/** What a catalog tool needs from its manager at check and call time. */
export interface McpToolRuntime {
  /** The tool's permission as stored now, or undefined when it is no longer cached. */
  currentPermission(registrationId: string, toolName: string): McpToolPermission | undefined
  call(registrationId: string, toolName: string, input: Record<string, unknown>, ctx: ToolCallContext): ToolCallReturn
}

/** Settings shared by all MCP catalog tools. */
export interface McpCatalogSettings {
  /** The tool's `timeoutMs`: the longest a call may run, progress included. */
  readonly maxCallMs: number
}

/** The ToolId of an MCP tool: `mcp/<registrationId>:<toolName>`. */
export function mcpToolId(registrationId: string, toolName: string): string {
  return formatToolId(`mcp/${registrationId}`, toolName)
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

function hint(hints: unknown, key: string): boolean | undefined {
  if (hints === null || typeof hints !== 'object') return undefined
  const value = (hints as Record<string, unknown>)[key]
  return typeof value === 'boolean' ? value : undefined
}

/**
 * The server's hints are claims of a program the user merely installed, so none of them loosens a
 * check: `readOnly` stays false (permission rules treat the tool as one that changes things and
 * no rule is skipped), `readOnlyHint` only lets calls run beside others (`isConcurrencySafe`),
 * destructive and open-world default to true unless the server says otherwise, and no resources
 * are claimed.
 */
function annotationsOf(definition: Record<string, unknown>): ToolAnnotations {
  const hints = definition.annotations
  const title = text(definition.title) ?? text(hint(hints, 'title'))
  return {
    ...(title !== undefined && { title }),
    readOnly: false,
    destructive: hint(hints, 'destructiveHint') !== false,
    openWorld: hint(hints, 'openWorldHint') !== false,
  }
}

/**
 * The server's input schema without its root `$schema`: servers often declare draft-07, which the
 * 2020-12 validator cannot load; for the object schemas tools use the two drafts agree.
 */
function withoutDialect(schema: unknown): JsonSchema {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return { type: 'object' }
  const { $schema: _dialect, ...rest } = schema as JsonSchema
  return rest
}

/**
 * The catalog entry of a cached MCP tool.
 * @throws TypeError when the server's input schema is not a valid object schema
 */
export function createMcpCatalogTool(
  registration: McpRegistrationRecord,
  record: McpToolRecord,
  runtime: McpToolRuntime,
  settings: McpCatalogSettings,
): CatalogTool {
  const { definition } = record
  const inputSchema = withoutDialect(definition.inputSchema)
  const validate = compileInputSchema(inputSchema)
  const readOnlyHint = hint(definition.annotations, 'readOnlyHint') === true
  const description = text(definition.description) ?? text(definition.title) ?? record.name
  const registrationId = registration.id
  return {
    id: mcpToolId(registrationId, record.name),
    source: 'mcp',
    nativeName: record.name,
    serverName: registration.name,
    describe: () => description,
    inputSchema,
    closedSchema: false,
    annotations: annotationsOf(definition),
    scopes,
    completion: false,
    timeoutMs: settings.maxCallMs,
    pagesItself: false,
    // Unknown until a call: offering MCP tools only to image-reading models would hide most of them.
    returnsImages: false,
    renamedParameters: {},
    validate: async (input) => validate(input),
    isConcurrencySafe: () => readOnlyHint,
    // Re-read, so a permission changed since the snapshot applies to this call.
    checkPermissions: async () => {
      const permission = runtime.currentPermission(registrationId, record.name)
      if (permission === 'allow') return { behavior: 'allow' }
      if (permission === 'ask')
        return { behavior: 'ask', reason: fillText(mcpTexts.ask, { server: registration.name }) }
      return { behavior: 'deny', reason: permission === undefined ? mcpTexts.unavailable : mcpTexts.toolOff }
    },
    // A person's Allow is a permission decision: it counts as an allow rule (the profile's deny and ask rules still come first).
    allowedByPerson: () => runtime.currentPermission(registrationId, record.name) === 'allow',
    call: (input, ctx) => runtime.call(registrationId, record.name, input, ctx),
  }
}
