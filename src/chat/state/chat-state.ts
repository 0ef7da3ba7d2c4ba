import type { ToolId } from '../../core/tool-id.js'
import type { PermissionMode } from '../../profile/profile-schema.js'
import type { ApprovalRequest } from '../../permissions/approvals/approval-request.js'

/** A tool call as the chat shows it, from its call to its result. */
export interface ToolItem {
  readonly kind: 'tool'
  readonly id: string
  readonly callId: string
  readonly agentId: string
  readonly alias: string
  readonly toolId: ToolId | null
  /** The tool's own line for the call, when it renders one. */
  readonly title?: string
  readonly rawArguments: string
  readonly startedAt: number
  /** What the tool last said while running. */
  readonly progress?: { readonly message: string; readonly progress?: number; readonly total?: number }
  readonly result?: ToolItemResult
  readonly endedAt?: number
}

/** How a call ended. */
export interface ToolItemResult {
  /** The tool's own line for the result, when it renders one. */
  readonly summary?: string
  readonly content: string
  readonly isError: boolean
  readonly errorCode?: string
  /** What the call changed in files, as a unified patch (a command's changes). */
  readonly patch?: string
}

/** One thing in the chat's transcript. */
export type ChatItem =
  | { readonly kind: 'user'; readonly id: string; readonly text: string }
  /** Assistant text: a complete Markdown block (or several), printed once. */
  | { readonly kind: 'assistant'; readonly id: string; readonly agentId: string; readonly text: string }
  | ToolItem
  | { readonly kind: 'notice'; readonly id: string; readonly text: string; readonly tone: NoticeTone }
  /** A long output shown in full on request. */
  | { readonly kind: 'expanded'; readonly id: string; readonly title: string; readonly text: string }

/** How a notice reads: information, a warning, or an error. */
export type NoticeTone = 'info' | 'warning' | 'error'

/** Tokens of one model turn. */
export interface TurnUsage {
  /** The person's message the turn answered (its first line). */
  readonly message: string
  readonly inputTokens?: number
  readonly outputTokens?: number
}

/** What the chat is doing. */
export type ChatActivity = 'idle' | 'model' | 'thinking' | 'tools' | 'approval'

/** An approval a call waits for, with what the person is shown. */
export interface PendingApproval {
  readonly request: ApprovalRequest
  /** The change an edit would make, as a unified patch, when it is one. */
  readonly patch?: string
}

/** The status line's figures. */
export interface ChatStatus {
  readonly model: string
  readonly mode: PermissionMode
  readonly runId?: string | undefined
  readonly activity: ChatActivity
  /** When the current message was sent (for the elapsed time). */
  readonly busySince?: number
  readonly inputTokens: number
  readonly outputTokens: number
  /** The last turn's prompt tokens against the model's window. */
  readonly contextUsed?: number
  readonly contextTokens?: number
  /** Model turns since the chat began. */
  readonly rounds: number
  readonly backgroundCommands: number
}

/**
 * The whole state of a chat screen. `settled` items are printed once and never change (Ink's
 * `<Static>`); `streaming` (the assistant's incomplete Markdown block) and `running` (calls without
 * a result) are redrawn as they change.
 */
export interface ChatState {
  readonly settled: readonly ChatItem[]
  /** The assistant's text not yet printed: an incomplete block, redrawn as it grows. */
  readonly streaming?: { readonly agentId: string; readonly text: string }
  readonly running: readonly ToolItem[]
  readonly approvals: readonly PendingApproval[]
  readonly status: ChatStatus
  readonly usage: readonly TurnUsage[]
  /** The first line of the person's last message, for the tokens per message. */
  readonly lastMessage?: string
  /** Ids of the tool items whose output is long enough to be expanded, newest last. */
  readonly expandable: readonly string[]
  /** Changes when the screen was cleared, so the printed transcript starts again. */
  readonly generation: number
  /** The next id for an item. */
  readonly nextId: number
}

/**
 * A chat's state before anything happened.
 * @example const state = initialChatState({ model: 'openai:gpt-4.1', mode: 'default' })
 */
export function initialChatState(options: { readonly model: string; readonly mode: PermissionMode }): ChatState {
  return {
    settled: [],
    running: [],
    approvals: [],
    status: {
      model: options.model,
      mode: options.mode,
      activity: 'idle',
      inputTokens: 0,
      outputTokens: 0,
      rounds: 0,
      backgroundCommands: 0,
    },
    usage: [],
    expandable: [],
    generation: 0,
    nextId: 1,
  }
}
