import { loadText } from '../../text/model-text.js'

const load = (name: string) => loadText(import.meta.url, `texts/${name}.txt`)

/** The model-facing message templates of the sub-agent tools, from `texts/*.txt` (placeholders `{name}`). */
export const agentTexts = {
  notAvailable: load('not-available'),
  notDelegated: load('not-delegated'),
  delegateStarted: load('delegate-started'),
  awaitHeader: load('await-header'),
  awaitReturned: load('await-returned'),
  awaitArtifacts: load('await-artifacts'),
  awaitRunning: load('await-running'),
  awaitFailed: load('await-failed'),
  awaitCancelled: load('await-cancelled'),
  awaitCutBlock: load('await-cut-block'),
  awaitCutNote: load('await-cut-note'),
  handoffAccepted: load('handoff-accepted'),
  taskReturned: load('task-returned'),
  artifactMissing: load('artifact-missing'),
}

/** The tool descriptions (placeholders name other tools by alias). */
export const agentDescriptions = {
  delegate: loadText(import.meta.url, 'delegate.description.md'),
  await: loadText(import.meta.url, 'await.description.md'),
  handoff: loadText(import.meta.url, 'handoff.description.md'),
  taskReturn: loadText(import.meta.url, 'task-return.description.md'),
}
