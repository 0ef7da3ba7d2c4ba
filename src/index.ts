/**
 * toolhost: a runtime for the tools of LLM agents. Define a tool once; offer it to any model
 * through per-invocation snapshots; every call passes one gate.
 *
 * The root holds what a tool author and a host embedder need: {@link createToolHost} and the
 * host's and invocation's own types, {@link defineTool} and the tool-author types, the error
 * classes and codes, and result types. Each subsystem has its own entry point:
 * `toolhost/agent`, `toolhost/mcp`, `toolhost/permissions`, `toolhost/process`,
 * `toolhost/profile`, `toolhost/snapshot` and `toolhost/store`.
 *
 * @example
 * import { createToolHost, defineTool } from 'toolhost'
 * import { z } from 'zod'
 *
 * const greet = defineTool({
 *   name: 'text.greet',
 *   description: 'Greet someone by name.',
 *   inputSchema: z.object({ name: z.string() }),
 *   annotations: { readOnly: true },
 *   call: async ({ name }) => ({ content: `Hello, ${name}!` }),
 * })
 * const host = await createToolHost({ tools: [greet] })
 * const inv = await host.createInvocation({ scope: 'session', protocol: 'anthropic' })
 * const [result] = await inv.executeTurn({ calls: [{ callId: 'c1', name: 'text_greet', arguments: '{"name":"Ada"}' }] })
 * await host.close()
 */

// The host and what its methods take and give.
export { createToolHost } from './host/create-tool-host.js'
export type { InvocationOptions, ToolHost, ToolHostOptions } from './host/create-tool-host.js'
export type { InvocationRuntimeOptions } from './host/invocation-runtime-options.js'
export { HostApprovals } from './host/host-approvals.js'
export type { ApprovalOutcome } from './host/host-approvals.js'
export type { PermissionExplanation } from './host/explain-permission.js'
export type { SpecToTrust } from './process/spec-files-to-trust.js'
export type { CatalogEntry } from './catalog/catalog.js'
export type { CatalogDiagnostic } from './catalog/catalog-tool.js'
export { scopes } from './core/scope.js'
export type { Scope } from './core/scope.js'
export { protocolNames } from './core/protocol-name.js'
export type { ProtocolName } from './core/protocol-name.js'
export { ExtensionRegistry } from './extensions/extension-registry.js'
export type {
  ExtensionCallContext,
  ExtensionFunction,
  ExtensionToolInfo,
  ExtensionToolSpec,
} from './extensions/extension-registry.js'

// An invocation, its turns and their results.
export { Invocation } from './host/invocation.js'
export type { Turn } from './host/invocation.js'
export type { RawToolCall } from './gate/gate.js'
export type { GateState } from './gate/gate-state.js'
export type { ToolChoice } from './gate/tool-choice.js'
export type { ToolProgressEvent } from './execution/run/run-call.js'
export type { AgentToolResult, ResultImage } from './tool/agent-tool-result.js'

// Defining a tool.
export { defineTool } from './tool/define-tool.js'
export type {
  AnyToolDefinition,
  DescriptionContext,
  PermissionCheck,
  PermissionSubject,
  ResourceClaim,
  ToolAnnotations,
  ToolCallContext,
  ToolCallReturn,
  ToolDefinition,
  ToolFile,
  ToolImage,
  ToolOutput,
  ToolProgress,
} from './tool/define-tool.js'
export type { StandardSchemaWithJson } from './tool/standard-schema.js'
export type { RunFeature } from './tool/run-services.js'
export type { Memory, MemoryMatch, OwnerMemory } from './memory/memory-types.js'
export { parseToolId, formatToolId, isToolId } from './core/tool-id.js'
export type { ParsedToolId, ToolId, ToolSourceKind } from './core/tool-id.js'

// Errors and error codes.
export { ToolError, FatalToolHostError } from './core/tool-error.js'
export { errorCodes, isErrorCode, recoverableErrorCodes, fatalErrorCodes, diagnosticCodes } from './core/error-codes.js'
export type {
  CustomErrorCode,
  DiagnosticCode,
  ErrorCode,
  ErrorCodeInfo,
  ErrorKind,
  FatalErrorCode,
  RecoverableErrorCode,
  ToolErrorCode,
} from './core/error-codes.js'
export { ToolIdError } from './core/tool-id.js'
export { ToolRuntimeError } from './execution/run/run-call.js'
export { TurnPausedError } from './execution/execute-turn.js'
export { ProfileError } from './profile/load-profile.js'
export { StoreError } from './store/store-error.js'
export { StoredStateError } from './core/versioned-state.js'
export { ModelConfigError } from './agent/providers/model-config-error.js'
