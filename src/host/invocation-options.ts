import type { ProtocolName } from '../core/protocol-name.js'
import type { Scope } from '../core/scope.js'
import type { ToolChoice } from '../gate/tool-choice.js'
import type { ProfileOverrides } from '../profile/load-profile.js'
import type { ProfileSource } from '../profile/profile-rules.js'
import type { Profile } from '../profile/profile-schema.js'
import type { RunFeature } from '../tool/run-services.js'
import type { InvocationRuntimeOptions } from './invocation-runtime-options.js'

/** Options of {@link ToolHost.createInvocation}. */
export interface InvocationOptions extends InvocationRuntimeOptions {
  /** A profile id (`default` or one in `<dataDir>/profiles/`), a profile file path, or settings merged onto the default profile. */
  readonly profile?: string | Profile | ProfileOverrides
  /**
   * Where an object `profile` came from, as {@link ToolHost.resolveProfile} returned it with the
   * profile: "allow always" writes its rules there.
   */
  readonly profileSource?: ProfileSource
  readonly scope: Scope
  readonly protocol: ProtocolName
  /** Whether the model reads images. */
  readonly acceptsImages?: boolean
  /**
   * The model's context window in tokens; with profile `tools.deferred: 'auto'`, tools are deferred
   * when their definitions would take more than `tools.deferThreshold` of it. Default 128,000.
   */
  readonly contextTokens?: number
  /** Default tool choice of every turn; `auto` when omitted. */
  readonly toolChoice?: ToolChoice
  /** The run this invocation belongs to; a new run when omitted. */
  readonly runId?: string
  /** Whose memories the tools use: `user:<id>` or `conversation:<id>`; default `user:local`. */
  readonly owner?: string
  /** Skill folders the invocation sees at `skills/<name>/`; the whole skills directory when omitted. */
  readonly skills?: readonly string[]
  /** Run features the invocation has (the agent loop sets them); tools requiring others are not offered. */
  readonly features?: readonly RunFeature[]
  /**
   * Calls made by a person by hand (`toolhost tools call`), not by a model: writes and edits need no
   * earlier read of the file in the invocation (each command is a fresh invocation), and the run
   * ends with the turn (`completed` or `failed`; `paused` while it waits for approval).
   */
  readonly direct?: boolean
}
