import type { InputValidation } from '../tool/input-validation.js'
import type {
  DescriptionContext,
  PermissionSubject,
  ResourceClaim,
  PermissionCheck,
  ToolAnnotations,
  ToolCallContext,
  ToolCallReturn,
} from '../tool/define-tool.js'
import type { JsonSchema } from '../core/json-schema.js'
import type { ToolId, ToolSourceKind } from '../core/tool-id.js'
import type { Scope } from '../core/scope.js'
import type { RunFeature } from '../tool/run-services.js'
import type { Profile } from '../profile/profile-schema.js'

/**
 * A tool as the catalog holds it, whatever its source: what the snapshot shows the model and what
 * the gate and executor need. Source adapters (builtin, extension, MCP, process) build these.
 */
export interface CatalogTool {
  readonly id: ToolId
  readonly source: ToolSourceKind
  readonly nativeName: string
  /** For MCP tools: the server's display name, used for the `mcp__<server>__<tool>` alias. */
  readonly serverName?: string
  describe(ctx: DescriptionContext): string
  /** Input as JSON Schema (2020-12); closed for builtins. */
  readonly inputSchema: JsonSchema
  /** Builtin schemas are closed: unknown keys are refused by name. */
  readonly closedSchema: boolean
  readonly annotations: ToolAnnotations
  /** Scopes the tool serves. */
  readonly scopes: readonly Scope[]
  readonly completion: boolean
  /** Input-dependent completion (commit with finish): true when this call completes the run. */
  completesWith?(input: Record<string, unknown>): boolean
  /** Run features the tool needs (builtins only); offered only where all are present. */
  readonly requires?: readonly RunFeature[]
  /** Why the tool cannot be offered with a profile (builtins only); offered when undefined. */
  unavailableWith?(profile: Profile): string | undefined
  /** Calls one run may make with a profile (builtins only); `tools.maxCallsPerTool` still applies. */
  maxCallsWith?(profile: Profile): number | undefined
  /** What the model reads once those calls are used up (`{alias}`, `{limit}`). */
  readonly budgetExhaustedText?: string
  /** Longest a call may run before it is stopped. */
  readonly timeoutMs: number
  /** Tools that page their own output are never externalized. */
  readonly pagesItself: boolean
  /** Tools that return images are offered only to models that read them. */
  readonly returnsImages: boolean
  /** Inline limit of this tool, when lower than the profile's. */
  readonly inlineCharLimit?: number
  previewExternalized?(text: string, path: string): string
  readonly renamedParameters: Readonly<Record<string, string>>
  validate(input: Record<string, unknown>): Promise<InputValidation>
  resources?(input: Record<string, unknown>): readonly ResourceClaim[]
  isConcurrencySafe?(input: Record<string, unknown>): boolean
  permissionSubject?(input: Record<string, unknown>): PermissionSubject | undefined
  checkPermissions?(input: Record<string, unknown>, ctx: ToolCallContext): Promise<PermissionCheck>
  /** True while a person allows the tool outside any profile (an MCP tool set to Allow): it counts as an allow rule for the tool. */
  allowedByPerson?(): boolean
  /** Runs the call. External tools resolve their implementation here, at call time. */
  call(input: Record<string, unknown>, ctx: ToolCallContext): ToolCallReturn
  /** A one-line summary of a call for people, e.g. `Edit src/a.ts`. */
  renderToolUseMessage?(input: Record<string, unknown>): string
  /** A one-line summary of a result for people, e.g. `2 replacements from line 14`. */
  renderToolResultMessage?(output: { readonly content: string; readonly structured?: Record<string, unknown> }): string
}

/** Why a known tool cannot be offered (or is offered with a caveat). */
export interface CatalogDiagnostic {
  readonly toolId: ToolId
  readonly code: string
  readonly message: string
}
