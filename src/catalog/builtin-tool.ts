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
    ...(definition.completesWith !== undefined && { completesWith: definition.completesWith.bind(definition) }),
    ...(definition.requires !== undefined && { requires: definition.requires }),
    ...(definition.unavailableWith !== undefined && { unavailableWith: definition.unavailableWith.bind(definition) }),
    ...(definition.maxCallsWith !== undefined && { maxCallsWith: definition.maxCallsWith.bind(definition) }),
    ...(definition.budgetExhaustedText !== undefined && { budgetExhaustedText: definition.budgetExhaustedText }),
    timeoutMs: definition.timeoutMs ?? builtinTimeoutMs,
    pagesItself: definition.pagesItself ?? false,
    returnsImages: false,
    ...(definition.inlineCharLimit !== undefined && { inlineCharLimit: definition.inlineCharLimit }),
    ...(definition.previewExternalized !== undefined && {
      previewExternalized: definition.previewExternalized.bind(definition),
    }),
    renamedParameters: definition.renamedParameters ?? {},
    validate: (input) => validateWithStandardSchema(definition.inputSchema, input),
    ...(definition.resources !== undefined && { resources: definition.resources.bind(definition) }),
    ...(definition.isConcurrencySafe !== undefined && {
      isConcurrencySafe: definition.isConcurrencySafe.bind(definition),
    }),
    ...(definition.permissionSubject !== undefined && {
      permissionSubject: definition.permissionSubject.bind(definition),
    }),
    ...(definition.checkPermissions !== undefined && {
      checkPermissions: definition.checkPermissions.bind(definition),
    }),
    call: definition.call.bind(definition),
    ...(definition.renderToolUseMessage !== undefined && {
      renderToolUseMessage: definition.renderToolUseMessage.bind(definition),
    }),
    ...(definition.renderToolResultMessage !== undefined && {
      renderToolResultMessage: definition.renderToolResultMessage.bind(definition),
    }),
  }
}
