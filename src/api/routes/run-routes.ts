import type { ApiRoute } from '../route.js'
import { approvalRoutes } from './approvals/approval-routes.js'
import { conversationRoutes } from './daemon/conversation-routes.js'
import { scheduleRoutes } from './daemon/schedule-routes.js'
import { runControlRoutes } from './runs/run-control-routes.js'
import { runReadRoutes } from './runs/run-read-routes.js'

/** Runs, approvals, conversations and schedules of the daemon. */
export const runRoutes: readonly ApiRoute[] = [
  ...runReadRoutes,
  ...runControlRoutes,
  ...approvalRoutes,
  ...conversationRoutes,
  ...scheduleRoutes,
]
