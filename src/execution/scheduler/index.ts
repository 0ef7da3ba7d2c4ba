/** The resource-aware scheduler for the calls of one turn (DESIGN §8). */
export { claimConflicts, claimsConflict, normalizeClaimPath } from './claims.js'
export { ScheduleError, type JobFailure } from './schedule-error.js'
export { scheduleJobs } from './schedule-jobs.js'
export type { ScheduledJob, SchedulerEvent, SchedulerOptions } from './types.js'
