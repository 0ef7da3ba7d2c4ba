/**
 * toolhost: a runtime for the tools of LLM agents. Define a tool once; offer it to any model
 * through per-invocation snapshots; every call passes one gate.
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
export { createToolHost } from './host/create-tool-host.js'
export type { InvocationOptions, ToolHost, ToolHostOptions } from './host/create-tool-host.js'
export type { InvocationRuntimeOptions } from './host/invocation-runtime-options.js'
export { Invocation } from './host/invocation.js'
export type { Turn } from './host/invocation.js'
export { HostApprovals } from './host/host-approvals.js'
export type { ApprovalOutcome } from './host/host-approvals.js'
export type { PermissionExplanation } from './host/explain-permission.js'
export type { SpecToTrust } from './process/spec-files-to-trust.js'
export { TurnPausedError } from './execution/execute-turn.js'

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
export { ToolError, FatalToolHostError } from './core/tool-error.js'
export { recoverableErrorCodes, fatalErrorCodes } from './core/error-codes.js'
export type { RecoverableErrorCode, FatalErrorCode } from './core/error-codes.js'
export type { AgentToolResult, ResultImage } from './tool/agent-tool-result.js'
export { parseToolId, formatToolId, isToolId, ToolIdError } from './core/tool-id.js'
export type { ParsedToolId, ToolId, ToolSourceKind } from './core/tool-id.js'
export { parseToolArguments } from './tool/tool-arguments.js'
export type { ToolArguments } from './tool/tool-arguments.js'

export type { CatalogEntry } from './catalog/catalog.js'
export type { CatalogDiagnostic } from './catalog/catalog-tool.js'
export { scopes } from './core/scope.js'
export type { Scope } from './core/scope.js'
export { defaultProfile } from './profile/default-profile.js'
export { parseProfile, mergeProfile, readProfileFile, ProfileError } from './profile/load-profile.js'
export type { ProfileOverrides } from './profile/load-profile.js'
export { profileSchema, currentProfileSchemaVersion, permissionModes } from './profile/profile-schema.js'
export type { Profile, ProfileInput, PermissionMode } from './profile/profile-schema.js'

export { ExtensionRegistry } from './extensions/extension-registry.js'
export type {
  ExtensionCallContext,
  ExtensionFunction,
  ExtensionToolInfo,
  ExtensionToolSpec,
} from './extensions/extension-registry.js'

export type { Snapshot } from './snapshot/snapshot.js'
export type { SnapshotBinding } from './snapshot/snapshot-binding.js'
export { deferredBindings, offeredBindings } from './snapshot/snapshot.js'
export { toolsCallId, toolsSearchId, maxSearchResults } from './snapshot/deferral/meta-tools.js'
export { defaultContextTokens, estimateToolTokens } from './snapshot/deferral/decide-deferral.js'
export { protocolNames } from './core/protocol-name.js'
export type { ProtocolName } from './core/protocol-name.js'
export type { CompiledSchema, Protocol, SchemaDrop } from './snapshot/protocols/protocol.js'
export type { JsonSchema } from './core/json-schema.js'
export { builtinAlias, mcpAlias } from './snapshot/tool-alias.js'

export type { RawToolCall } from './gate/gate.js'
export type { GateState } from './gate/gate-state.js'
export type { ToolChoice } from './gate/tool-choice.js'

export { evaluatePermission } from './permissions/rules/evaluate-permission.js'
export type { PermissionRequest, PermissionRules } from './permissions/rules/evaluate-permission.js'
export type { PermissionVerdict } from './permissions/rules/permission-verdict.js'
export { durableApprover } from './permissions/approvals/approval-request.js'
export type { ApprovalDecision, ApprovalRequest, Approver } from './permissions/approvals/approval-request.js'
export { terminalApprover } from './permissions/approvals/terminal-approver.js'
export { makeVisible } from './permissions/approvals/make-visible.js'
export { issueCode, redeemCode, codeLifetimeMs, maxWrongTries } from './permissions/approvals/one-time-code.js'
export type { IssuedCode, RedeemResult } from './permissions/approvals/one-time-code.js'
export type {
  CommandHook,
  HookConfig,
  PostToolHookInput,
  PostToolHookOutcome,
  PreToolHookInput,
  PreToolHookOutcome,
} from './permissions/hooks/hook-types.js'

export { openStore, StoreError } from './store/store.js'
export type { ApprovalRecord, Store, StoreEvent, StoreOptions } from './store/store.js'
export { ToolRuntimeError } from './execution/run-call.js'
export type { ToolProgressEvent } from './execution/run-call.js'

export { loadProcessTools, watchProcessTools } from './process/index.js'
export type { ProcessToolSpec, ProcessDiagnostic } from './process/index.js'
export type { Memory, MemoryMatch, OwnerMemory } from './memory/memory-types.js'
export { McpClientManager } from './mcp/client/index.js'
export type {
  McpClientManagerOptions,
  McpRegistrationRecord,
  McpToolPermission,
  McpToolRecord,
} from './mcp/client/index.js'
export { serveMcp, closeMcpServer } from './mcp/server/index.js'
export type { McpServerHandle, ServeMcpOptions } from './mcp/server/index.js'

export { runAgent, resumeAgentRun } from './agent/loop/run-agent.js'
export type {
  AgentRunOptions,
  AgentRunResult,
  AgentRunRuntime,
  ModelOptions,
  ResumeRunOptions,
} from './agent/loop/run-options.js'
export type { AgentEvent, AgentRunStatus, InvocationMode } from './agent/loop/agent-events.js'
export {
  resolveModel,
  parseModelSpec,
  modelProviders,
  ModelConfigError,
  describeModelError,
  streamTurn,
  modelTools,
  withModelRetries,
} from './agent/providers/index.js'
export type {
  ModelProvider,
  ModelSpec,
  ModelStreamEvent,
  ModelTurn,
  ModelUsage,
  ResolvedModel,
  ResolveModelOptions,
} from './agent/providers/index.js'
export {
  replayPrompt,
  repairTranscript,
  planCompaction,
  compactionPrompt,
  estimateTokens,
} from './agent/history/index.js'
export type { StoredTranscriptEntry, TranscriptCall, TranscriptEntry } from './store/transcript.js'
export { loadSkills, visibleSkills, skillsPromptSection } from './agent/skills/index.js'
export type { Skill, SkillDiagnostic } from './agent/skills/index.js'
export { SubAgentManager, agentCatalog } from './agent/sub-agents/index.js'
export { loadLorebook } from './tools/worldinfo/index.js'
export type {
  AgentCard,
  ChatMessage,
  ChildOutcome,
  DelegatedTask,
  DelegationServices,
  Lorebook,
  LorebookEntry,
  PublishedReply,
  RunFeature,
  RunServices,
  TaskReturn,
} from './tool/run-services.js'
export type { RunEvent, RunEventType } from './store/store.js'
