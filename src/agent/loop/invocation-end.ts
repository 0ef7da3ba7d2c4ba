import type { TaskReturn } from '../../tool/run-services.js'

/** How the loop of one invocation ended. */
export type InvocationEnd =
  /** Finished: a text-only turn in session scope, `workspace.finish`, or a finishing commit. */
  | { readonly kind: 'completed'; readonly text: string; readonly reason: string }
  /** A delegated child returned its result. */
  | { readonly kind: 'returned'; readonly result: TaskReturn }
  /** Control goes to another agent in the same run. */
  | { readonly kind: 'handoff'; readonly agentId: string; readonly message: string }
  /** A turn waits for durable approvals; resume the run once they are decided. */
  | { readonly kind: 'paused'; readonly approvalIds: readonly string[] }
  /** The run cannot go on (rounds or drift attempts used up). */
  | { readonly kind: 'failed'; readonly reason: string }
