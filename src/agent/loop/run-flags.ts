import type { PublishedReply, TaskReturn } from '../../tool/run-services.js'

/**
 * What the run tools of one invocation asked for during a turn; the loop acts on it once the turn's
 * results are in (completion tools are last in their turn, so nothing runs after them).
 */
export interface RunFlags {
  /** Set by `workspace.finish` or a finishing commit: the reason. */
  finished?: string
  /** Set by `agent.handoff`. */
  handoff?: { readonly agentId: string; readonly message: string }
  /** Set by `task.return` in a delegated child. */
  returned?: TaskReturn
  /** Replies published by `workspace.commit`, in order. */
  readonly published: PublishedReply[]
}

/** Fresh flags. */
export function newRunFlags(): RunFlags {
  return { published: [] }
}
