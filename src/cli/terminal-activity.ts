import type { Approver } from '../permissions/approvals/approval-request.js'
import { ActivityIndicator, showsActivity } from './activity-indicator.js'
import type { CliIo } from './cli-io.js'

/** A status line on stderr while a command waits, for a person at a terminal only. */
export function terminalActivity(io: CliIo, json: boolean): ActivityIndicator | undefined {
  const { terminal } = io
  if (
    terminal === undefined ||
    !showsActivity({ stdoutIsTTY: terminal.stdoutIsTTY, stderrIsTTY: terminal.stderr.isTTY, json })
  )
    return undefined
  return new ActivityIndicator(terminal.stderr)
}

/** The approver, with the status line hidden while it asks the person. */
export function pausingActivity(approver: Approver, activity: ActivityIndicator | undefined): Approver {
  if (activity === undefined) return approver
  return async (request, signal) => {
    activity.pause()
    try {
      return await approver(request, signal)
    } finally {
      activity.resume()
    }
  }
}
