/**
 * Schedules of daemon conversations: the service the `schedule.*` tools use, and the scheduler
 * that fires due schedules once per due time across daemon processes.
 */
export {
  checkScheduleSpec,
  checkTimeZone,
  defaultTimeZone,
  minCronIntervalMs,
  nextCronRun,
  parseOffsetTime,
  type CheckedSchedule,
} from './schedule-spec.js'
export {
  createScheduleService,
  maxActiveSchedules,
  readSchedule,
  scheduleColumns,
  scheduleInfo,
  scheduleStates,
  type ScheduleRecord,
  type ScheduleServiceOptions,
} from './schedule-table.js'
export {
  Scheduler,
  schedulerLease,
  schedulerLeaseTtlMs,
  schedulerMaxWaitMs,
  schedulerMinWaitMs,
  type ScheduledTask,
  type SchedulerOptions,
  type TickOutcome,
} from './scheduler.js'
