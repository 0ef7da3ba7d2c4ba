/** A tool's permission for the chosen scope and profile. */
export type ToolPermission = 'allow' | 'ask' | 'deny'

/** One catalog entry as `GET /api/tools` sends it. */
export interface ToolEntry {
  readonly id: string
  readonly source: string
  readonly name: string
  readonly description: string
  /** The name each protocol's snapshot offers it under. */
  readonly aliases: Readonly<Record<string, string>>
  /** Whether the profile offers the tool in the scope. */
  readonly offered?: boolean
  /** Offered behind tools_search rather than sent to the model. */
  readonly deferred?: boolean
  readonly permission: ToolPermission
  readonly readOnly: boolean
  readonly diagnostics: readonly { readonly code: string; readonly message: string }[]
  readonly inputSchema: unknown
}

/** A result image, served under `/api/results/…`. */
export interface ResultImage {
  readonly path: string
  readonly mimeType: string
  readonly url: string
}

/** What a tool returned, as the model would see it, with its images. */
export interface ToolResult {
  readonly content: string
  readonly isError: boolean
  readonly errorCode?: string
  readonly structured?: unknown
  readonly images?: readonly ResultImage[]
}

/** The answer of `POST /api/tools/:toolId/call`. */
export interface CallOutcome {
  readonly status: 'completed' | 'failed' | 'paused'
  readonly runId: string
  readonly result?: ToolResult
  readonly approvalId?: string
}

/** One approval request as `GET /api/approvals` sends it. */
export interface ApprovalEntry {
  readonly id: string
  readonly runId: string
  readonly toolId: string
  readonly alias: string
  readonly input: unknown
  /** The tool's one-line description of the call, e.g. `Edit src/a.ts`. */
  readonly title?: string
  /** The exact input the tool would run with, as text. */
  readonly inputText: string
  readonly reason: string
  /** The rule that asked. */
  readonly rule?: string
  /** The rule "Allow always" would add. */
  readonly alwaysRule?: string
  /** Asked by a running tool that waits for the answer: it can only be allowed once. */
  readonly duringCall?: boolean
  readonly status: string
  /** When it was asked: an ISO time or epoch milliseconds. */
  readonly createdAt: string | number
}
