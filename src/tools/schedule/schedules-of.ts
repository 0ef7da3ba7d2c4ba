import type { ToolCallContext } from '../../tool/define-tool.js'
import type { ScheduleService } from '../../tool/run-services.js'

/**
 * The schedules of a call's conversation. The schedule tools declare `requires: ['run',
 * 'schedules']` and are offered only to daemon runs that have them, so a call without them is a
 * host wiring fault, not something the model can fix: it throws a plain Error.
 */
export function schedulesOf(ctx: ToolCallContext): ScheduleService {
  const schedules = ctx.run?.schedules
  if (schedules === undefined)
    throw new Error(
      `${ctx.toolId} needs the conversation's schedules (requires: ['run', 'schedules']), but the run has none`,
    )
  return schedules
}
