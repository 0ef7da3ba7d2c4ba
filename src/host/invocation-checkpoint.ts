import type { Profile } from '../profile/profile-schema.js'
import type { ProfileSource } from '../profile/profile-rules.js'
import type { PendingTurn } from '../execution/pending-turn.js'
import type { GateState } from '../gate/gate-state.js'
import type { ToolChoice } from '../gate/tool-choice.js'
import type { ReadRecord } from '../workspace/read-state.js'

/**
 * The checkpoint version this build writes. Checkpoints without a version are version 1 (the same
 * fields); older versions are migrated on read and newer ones refused (checkpoint-schema/).
 */
export const checkpointVersion = 3

/**
 * What an invocation checkpoints after it starts and after every turn: enough for another process
 * to resume it with the same snapshot (stored with the invocation), gate counts and profile.
 */
export interface InvocationCheckpoint {
  readonly version: typeof checkpointVersion
  readonly round: number
  readonly gateState: GateState
  /** The profile as it stands, with rules "allow always" added. */
  readonly profile: Profile
  readonly profileSource: ProfileSource
  readonly toolChoice: ToolChoice
  readonly acceptsImages: boolean
  /** Whose memories the invocation's tools use: `user:<id>` or `conversation:<id>`. */
  readonly owner?: string
  /** What the invocation has read (read-before-write survives a resume). */
  readonly readState?: Record<string, ReadRecord>
  /** Calls made by a person by hand: writes and edits need no earlier read. */
  readonly direct?: boolean
  /** Directories of process tool specs the invocation's tools come from, absolute (a resume in another process loads them). */
  readonly processDirs?: readonly string[]
  /** The project directory the invocation works in, absolute (a resume in another directory keeps it). */
  readonly workspaceDir?: string
  /** Skill folders mounted at `skills/<name>/`; all of the skills directory when absent. */
  readonly skills?: readonly string[]
  /** A turn paused on durable approvals. */
  readonly pendingTurn?: PendingTurn
}
