import type { Profile } from '../profile/profile-schema.js'
import type { HookConfig } from '../permissions/hooks/hook-types.js'

/** The hooks of an invocation: the host's in-process hooks first, then the profile's command hooks. */
export function hooksFor(hostHooks: HookConfig | undefined, profile: Profile): HookConfig {
  return {
    preTool: [...(hostHooks?.preTool ?? []), ...profile.hooks.preTool],
    postTool: [...(hostHooks?.postTool ?? []), ...profile.hooks.postTool],
  }
}
