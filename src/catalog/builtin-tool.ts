import type { AnyToolDefinition } from '../tool/define-tool.js'
import { toolInputJsonSchema } from '../tool/input-json-schema.js'
import { validateWithStandardSchema } from '../tool/standard-issues.js'
import { formatToolId } from '../core/tool-id.js'
import type { CatalogTool } from './catalog-tool.js'
import { scopes } from '../core/scope.js'

/** Longest a builtin call runs unless its definition says otherwise. */
export const builtinTimeoutMs = 600_000

/**
 * Adapts a builtin tool definition to the catalog. Its ToolId is `builtin:<name>` and its schema is
 * closed.
 */
export function builtinCatalogTool(definition: AnyToolDefinition): CatalogTool {
  const { description } = definition
  return {
    id: formatToolId('builtin', definition.name),
    source: 'builtin',
    nativeName: definition.name,
    describe: typeof description === 'string' ? () => description : (ctx) => description(ctx),
    inputSchema: toolInputJsonSchema(definition.inputSchema),
    closedSchema: true,
    annotations: definition.annotations ?? {},
    scopes: definition.scopes ?? scopes,
    completion: definition.completion ?? false,
    completesWith: definition.completesWith?.bind(definition),
    ...(definition.requires !== undefined && { requires: definition.requires }),
    timeoutMs: definition.timeoutMs ?? builtinTimeoutMs,
    pagesItself: definition.pagesItself ?? false,
    returnsImages: false,
    ...(definition.inlineCharLimit !== undefined && { inlineCharLimit: definition.inlineCharLimit }),
    previewExternalized: definition.previewExternalized?.bind(definition),
    renamedParameters: definition.renamedParameters ?? {},
    validate: (input) => validateWithStandardSchema(definition.inputSchema, input),
    resources: definition.resources?.bind(definition),
    isConcurrencySafe: definition.isConcurrencySafe?.bind(definition),
    permissionSubject: definition.permissionSubject?.bind(definition),
    checkPermissions: definition.checkPermissions?.bind(definition),
    call: definition.call.bind(definition),
    renderToolUseMessage: definition.renderToolUseMessage?.bind(definition),
  }
}
