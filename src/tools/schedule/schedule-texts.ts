import { loadText, loadTexts } from '../../text/model-text.js'

/** The model-facing texts of the schedule tools, from `texts/*.txt` (placeholders `{name}`). */
export const scheduleToolTexts = loadTexts(import.meta.url, [
  'created',
  'none',
  'listHeader',
  'listMore',
  'cancelled',
  'alreadyDone',
  'whenCron',
  'whenOnce',
  'nextLocal',
  'nextDue',
  'listLine',
])

/** The tool descriptions (placeholders name other tools by alias). */
export const scheduleDescriptions = {
  create: loadText(import.meta.url, 'create.description.md'),
  list: loadText(import.meta.url, 'list.description.md'),
  cancel: loadText(import.meta.url, 'cancel.description.md'),
}
