import { loadText, loadTexts } from '../../text/model-text.js'

/** The model-facing message templates of the sub-agent tools, from `texts/*.txt` (placeholders `{name}`). */
export const agentTexts = loadTexts(import.meta.url, [
  'notAvailable',
  'notDelegated',
  'delegateStarted',
  'awaitHeader',
  'awaitReturned',
  'awaitArtifacts',
  'awaitRunning',
  'awaitFailed',
  'awaitCancelled',
  'awaitCutBlock',
  'awaitCutNote',
  'handoffAccepted',
  'taskReturned',
  'artifactMissing',
])

/** The tool descriptions (placeholders name other tools by alias). */
export const agentDescriptions = {
  delegate: loadText(import.meta.url, 'delegate.description.md'),
  await: loadText(import.meta.url, 'await.description.md'),
  handoff: loadText(import.meta.url, 'handoff.description.md'),
  taskReturn: loadText(import.meta.url, 'task-return.description.md'),
}
