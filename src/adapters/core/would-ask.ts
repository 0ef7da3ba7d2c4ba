import { explainPermission } from '../../host/explain-permission.js'
import type { Invocation } from '../../host/invocation.js'

/**
 * Whether toolhost would ask a person about this call: the permission explanation of the
 * invocation's profile in force (its rules and mode) says `ask`. False when the alias names no tool
 * or the arguments do not fit it: the gate refuses such a call with an error the model can fix, so
 * there is nothing to approve. The tool's own check and pre-tool hooks run only with the call.
 */
export async function wouldAsk(invocation: Invocation, alias: string, args: unknown): Promise<boolean> {
  const tool = invocation.toolByAlias(alias)
  if (tool === undefined) return false
  try {
    const explained = await explainPermission(tool, args, invocation.profile, invocation.workspace)
    return explained.behavior === 'ask'
  } catch (error) {
    if (error instanceof TypeError) return false
    throw error
  }
}
