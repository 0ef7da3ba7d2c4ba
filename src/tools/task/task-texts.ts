import { loadText, loadTexts } from '../../text/model-text.js'

/** The model-facing texts of the plan tools, from `texts/*.txt` (placeholders `{name}`). */
export const taskTexts = loadTexts(import.meta.url, [
  'written',
  'cleared',
  'current',
  'empty',
  'nextStep',
  'severalInProgress',
])

/** The tool descriptions (placeholders name the other tool by alias). */
export const taskDescriptions = {
  write: loadText(import.meta.url, 'write.description.md'),
  read: loadText(import.meta.url, 'read.description.md'),
}
