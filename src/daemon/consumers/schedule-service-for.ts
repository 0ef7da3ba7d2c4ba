import type { ScheduleService } from '../../tool/run-services.js'
import { createScheduleService } from '../schedules/index.js'
import type { DaemonContext } from '../daemon-context.js'

/** The schedules of one conversation, as its runs' `schedule.*` tools see them. */
export function createScheduleServiceFor(ctx: DaemonContext, conversationId: string): ScheduleService {
  return createScheduleService(ctx.store, { conversationId })
}
