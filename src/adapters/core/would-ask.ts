import { explainPermission } from '../../host/explain-permission.js'
import type { Invocation } from '../../host/invocation.js'

/**
 * Why toolhost would ask a person about this call, or `undefined` when it would not: the
 * permission explanation of the invocation's profile in force (its rules and mode) says `ask`, and
 * this is its reason (e.g. `Asked by rule builtin:workspace.shell(git push *).`). `undefined` too
 * when the alias names no tool or the arguments do not fit it: the gate refuses such a call with an
 * error the model can fix, so there is nothing to approve. The tool's own check and pre-tool hooks
 * run only with the call.
 */
export async function askReason(invocation: Invocation, alias: string, args: unknown): Promise<string | undefined> {
  const tool = invocation.toolByAlias(alias)
  if (tool === undefined) return undefined
  try {
    const explained = await explainPermission(tool, args, invocation.profile, invocation.workspace)
    return explained.behavior === 'ask' ? explained.reason : undefined
  } catch (error) {
    if (error instanceof TypeError) return undefined
    throw error
  }
}

/** Whether toolhost would ask a person about this call; see {@link askReason}. */
export async function wouldAsk(invocation: Invocation, alias: string, args: unknown): Promise<boolean> {
  return (await askReason(invocation, alias, args)) !== undefined
}
