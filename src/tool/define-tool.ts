import type { Profile } from '../profile/profile-schema.js'
import type { Scope } from '../core/scope.js'
import type { OwnerMemory } from '../memory/memory-types.js'
import type { ReadState } from '../workspace/read-state.js'
import type { Workspace } from '../workspace/workspace.js'
import type { ProtocolName } from '../core/protocol-name.js'
import type { InferOutput, StandardSchemaWithJson } from './standard-schema.js'
import type { ToolId } from '../core/tool-id.js'
import type { RunFeature, RunServices } from './run-services.js'

/** Hints about a tool's behaviour. `readOnly` tools run in parallel and are allowed by default. */
export interface ToolAnnotations {
  readonly title?: string
  readonly readOnly?: boolean
  readonly destructive?: boolean
  readonly idempotent?: boolean
  readonly openWorld?: boolean
}

/** A resource a call uses; the scheduler runs calls whose claims conflict in model order. */
export type ResourceClaim =
  | { readonly kind: 'file'; readonly path: string; readonly access: 'read' | 'write' }
  | { readonly kind: 'workspace'; readonly access: 'read' | 'write' }
  | { readonly kind: 'exclusive' }

/**
 * What permission rules match a call against (the text inside a rule's parentheses): a shell
 * command, workspace paths, a web domain, or a name the profile gives something (a database
 * connection: `builtin:database.query(main)`). Tools without a subject are matched by id only.
 */
export type PermissionSubject =
  | { readonly kind: 'command'; readonly command: string }
  | { readonly kind: 'path'; readonly paths: readonly string[]; readonly access: 'read' | 'write' }
  | { readonly kind: 'domain'; readonly host: string }
  | { readonly kind: 'name'; readonly name: string }

/** What a tool's description function may ask about the snapshot it is offered in. */
export interface DescriptionContext {
  /** The alias the model calls `toolId` by in this snapshot, or the id itself when it is not offered. */
  alias(toolId: ToolId): string
  /** True when `toolId` is offered in this snapshot. */
  has(toolId: ToolId): boolean
  readonly scope: Scope
  readonly protocol: ProtocolName
}

/** Decision of a tool's own permission check. */
export type PermissionCheck =
  | { readonly behavior: 'allow'; readonly updatedInput?: Record<string, unknown> }
  | { readonly behavior: 'ask'; readonly reason: string }
  | { readonly behavior: 'deny'; readonly reason: string }

/** toolhost's own directories for a call's tool: outside the workspace's mounts, never writable by the model. */
export interface HostDirs {
  /** The run's directory; its `tool-results/` is the workspace's `tool-results/`. */
  readonly runDir: string
  /** Where tools keep state between calls and runs (`<dataDir>/state/`), hidden from the model and its commands. */
  readonly stateDir: string
}

/** What a call receives besides its input. */
export interface ToolCallContext extends DescriptionContext {
  readonly callId: string
  readonly toolId: ToolId
  readonly invocationId: string
  /** Aborted when the run is cancelled or the call times out. */
  readonly signal: AbortSignal
  /** The file tree of the invocation. */
  readonly workspace: Workspace
  /** What this invocation has read, for read-before-write and stale-file checks. */
  readonly readState: ReadState
  /** The invocation's profile (network allowances and other settings tools consult). */
  readonly profile: Profile
  /** The memories of the invocation's owner (a user or a conversation). */
  readonly memory: OwnerMemory
  /**
   * Asks the invocation's approver about something a running call wants to do (e.g. an HTTP request
   * outside its allow-list). Resolves `false` when denied, or when approval can only be given
   * durably later, since a running call cannot wait for that.
   */
  requestApproval(request: { readonly reason: string; readonly detail: Record<string, unknown> }): Promise<boolean>
  /** The agent run this call belongs to; absent when the invocation is driven without the agent loop. */
  readonly run?: RunServices
  /** toolhost's directories for this call; absent when a tool is called outside an invocation. */
  readonly hostDirs?: HostDirs
}

/** A progress report yielded by a tool whose `call` is an async generator. */
export interface ToolProgress {
  readonly message: string
  readonly progress?: number
  readonly total?: number
}

/** An image a tool returns; the host normalizes and stores it, results carry only its path. */
export interface ToolImage {
  readonly bytes: Uint8Array
  /** The declared type; the real format is read from the bytes. */
  readonly mimeType?: string
}

/** Binary content (audio, a PDF, an embedded resource…) the host stores under tool-results/ and references by path. */
export interface ToolFile {
  readonly bytes: Uint8Array
  /** The declared type; it picks the stored file's extension. */
  readonly mimeType: string
  /** What the tool calls it (a resource URI, a file name); shown to the model, not used as the file name. */
  readonly name?: string
}

/** What a call returns: the model's text and optional structured data for records and UIs. */
export interface ToolOutput {
  readonly content: string
  readonly structured?: Record<string, unknown>
  readonly images?: readonly ToolImage[]
  /** Binary content the host stores under tool-results/ and references by path. */
  readonly files?: readonly ToolFile[]
}

/** A call: a promise of the output, or an async generator yielding progress and returning the output. */
export type ToolCallReturn = Promise<ToolOutput> | AsyncGenerator<ToolProgress, ToolOutput, void>

/**
 * A tool definition. `Schema` validates the input and describes it as JSON Schema (zod 4 or any
 * Standard Schema library with JSON Schema support).
 */
export interface ToolDefinition<Schema extends StandardSchemaWithJson = StandardSchemaWithJson> {
  /** Native name; the builtin ToolId is `builtin:<name>` and its alias `name` with `.` → `_`. */
  readonly name: string
  /** Model-facing description, or a function of the snapshot it is offered in. */
  readonly description: string | ((ctx: DescriptionContext) => string)
  readonly inputSchema: Schema
  readonly annotations?: ToolAnnotations
  /** Scopes the tool serves; all when omitted. */
  readonly scopes?: readonly Scope[]
  /** Completion tools (finish, handoff, task return) must be the last call of their turn. */
  readonly completion?: boolean
  /** For tools that complete a run only with some inputs (commit with `finish: true`): true for those. */
  completesWith?(input: InferOutput<Schema>): boolean
  /** Run features the tool needs; it is offered only to invocations that have all of them. */
  readonly requires?: readonly RunFeature[]
  /**
   * Why the tool cannot be offered with this profile, e.g. `database.query` without a connection in
   * `databases`; offered when it returns undefined. Checked when a snapshot is built.
   */
  unavailableWith?(profile: Profile): string | undefined
  /**
   * Calls one run may make with this profile, for tools with a quota of their own (e.g. searches);
   * `tools.maxCallsPerTool` still applies and the lower limit wins. The gate counts them.
   */
  maxCallsWith?(profile: Profile): number | undefined
  /** What the model reads once the tool's calls are used up (`{alias}`, `{limit}`); the gate's own text when absent. */
  readonly budgetExhaustedText?: string
  /** Longest a call may run before it is stopped; default 10 minutes for builtins. */
  readonly timeoutMs?: number
  /** True for tools that page their own output (e.g. a file reader): long results are not externalized. */
  readonly pagesItself?: boolean
  /** Characters shown inline before the result is externalized, when lower than the profile's limit. */
  readonly inlineCharLimit?: number
  /**
   * What the model sees of an externalized result instead of the standard preview (e.g. head and
   * tail of command output); `path` is the workspace path of the full text.
   */
  previewExternalized?(text: string, path: string): string
  /** Former or common wrong parameter names mapped to the right ones, for "use X" hints. */
  readonly renamedParameters?: Readonly<Record<string, string>>
  /** Resources a call claims; when given, they decide concurrency. */
  resources?(input: InferOutput<Schema>): readonly ResourceClaim[]
  /** What permission rules with a specifier match this call against. */
  permissionSubject?(input: InferOutput<Schema>): PermissionSubject | undefined
  /** Whether a call may run beside others; used when `resources` is not given. */
  isConcurrencySafe?(input: InferOutput<Schema>): boolean
  /** The tool's own permission check, consulted after the profile's rules. */
  checkPermissions?(input: InferOutput<Schema>, ctx: ToolCallContext): Promise<PermissionCheck>
  call(input: InferOutput<Schema>, ctx: ToolCallContext): ToolCallReturn
  /** A one-line summary of a call for people, e.g. `Roll 2d6`. */
  renderToolUseMessage?(input: InferOutput<Schema>): string
  /** A one-line summary of a result for people. */
  renderToolResultMessage?(output: ToolOutput): string
}

/**
 * A tool definition with its input type erased, as the catalog holds it. Input-taking members are
 * declared as methods so that any typed definition fits here.
 */
export type AnyToolDefinition = ToolDefinition<StandardSchemaWithJson>

/**
 * Defines a tool. The input type of `call` comes from `inputSchema`.
 *
 * @example
 * const echo = defineTool({
 *   name: 'text.echo',
 *   description: 'Repeat the given text.',
 *   inputSchema: z.object({ text: z.string() }),
 *   annotations: { readOnly: true },
 *   call: async ({ text }) => ({ content: text }),
 * })
 */
export function defineTool<Schema extends StandardSchemaWithJson>(
  definition: ToolDefinition<Schema>,
): ToolDefinition<Schema> {
  if (!/^[A-Za-z0-9_.-]+$/.test(definition.name)) {
    throw new TypeError(`Tool name "${definition.name}" may contain only letters, digits, "_", "-" and ".".`)
  }
  return definition
}
