import type { ErrorCodeTable } from './error-code-info.js'

/** Codes of the small builtin tools: calculator, dice, chat history, memory and schedules. */
export const builtinToolErrorCodes = {
  'calculator.invalid_expression': {
    kind: 'recoverable',
    meaning: 'The expression is empty or cannot be evaluated (a syntax error, an unknown name).',
  },
  'calculator.limit_exceeded': {
    kind: 'recoverable',
    meaning: 'The expression, or a value it computes, is over the calculator limits.',
  },
  'dice.invalid_formula': {
    kind: 'recoverable',
    meaning: 'The dice formula is empty or cannot be parsed.',
  },
  'dice.limit_exceeded': {
    kind: 'recoverable',
    meaning: 'The formula is over a dice limit (terms, dice per term, sides, dice kept, modifier).',
  },
  'chat.query_without_terms': {
    kind: 'recoverable',
    meaning: 'A chat search has only words the search ignores.',
    texts: ['tools/chat/texts/query-without-terms.txt'],
  },
  'chat.start_out_of_range': {
    kind: 'recoverable',
    meaning: 'A chat read starts at a message index the conversation does not have.',
    texts: ['tools/chat/texts/read-start-out-of-range.txt'],
  },
  'chat.offset_past_end': {
    kind: 'recoverable',
    meaning: 'A chat read starts at a line after the end of the rendered messages.',
    texts: ['tools/chat/texts/read-offset-past-end.txt'],
  },
  'memory.invalid': {
    kind: 'recoverable',
    meaning: 'A memory cannot be stored as given (empty text, too many or too long tags).',
  },
  'memory.not_found': {
    kind: 'recoverable',
    meaning: 'No memory with that id.',
  },
  'task.several_in_progress': {
    kind: 'recoverable',
    meaning: 'A plan written with task.write has more than one item in progress.',
    texts: ['tools/task/texts/several-in-progress.txt'],
  },
  'schedule.invalid_spec': {
    kind: 'recoverable',
    meaning: 'A schedule has both or neither of a cron expression and a one-time `at`, or a time zone with `at`.',
    texts: [
      'daemon/schedules/texts/both-cron-and-at.txt',
      'daemon/schedules/texts/neither-cron-nor-at.txt',
      'daemon/schedules/texts/zone-without-cron.txt',
    ],
  },
  'schedule.invalid_cron': {
    kind: 'recoverable',
    meaning: 'A cron expression does not parse, never fires, or fires more than once a minute.',
    texts: [
      'daemon/schedules/texts/invalid-cron.txt',
      'daemon/schedules/texts/cron-never.txt',
      'daemon/schedules/texts/cron-too-often.txt',
    ],
  },
  'schedule.unknown_time_zone': {
    kind: 'recoverable',
    meaning: 'A schedule names a time zone that is not an IANA zone.',
    texts: ['daemon/schedules/texts/unknown-time-zone.txt'],
  },
  'schedule.invalid_time': {
    kind: 'recoverable',
    meaning: 'A one-time schedule is not an ISO 8601 time with an offset, or names a date that does not exist.',
    texts: ['daemon/schedules/texts/invalid-time.txt'],
  },
  'schedule.time_passed': {
    kind: 'recoverable',
    meaning: 'A one-time schedule is for a time in the past.',
    texts: ['daemon/schedules/texts/time-passed.txt'],
  },
  'schedule.limit_exceeded': {
    kind: 'recoverable',
    meaning: 'A conversation already has the most active schedules it may have.',
    texts: ['daemon/schedules/texts/too-many.txt'],
  },
  'schedule.not_found': {
    kind: 'recoverable',
    meaning: 'The conversation has no schedule with that id.',
    texts: ['daemon/schedules/texts/not-found.txt'],
  },
} as const satisfies ErrorCodeTable
