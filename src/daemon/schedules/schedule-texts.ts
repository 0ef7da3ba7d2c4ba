import { loadTexts } from '../../text/model-text.js'

/** The model-facing messages of a refused schedule, from `texts/*.txt` (placeholders `{name}`). */
export const scheduleTexts = loadTexts(import.meta.url, [
  'bothCronAndAt',
  'neitherCronNorAt',
  'zoneWithoutCron',
  'invalidCron',
  'cronNever',
  'cronTooOften',
  'unknownTimeZone',
  'invalidTime',
  'timePassed',
  'notFound',
  'tooMany',
])
