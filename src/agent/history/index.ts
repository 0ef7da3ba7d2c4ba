/**
 * The provider-neutral transcript of an invocation: pairing repair, replay into a model prompt,
 * token estimates and compaction (DESIGN §9, §13). Storage is in `src/store` (`appendTranscript`,
 * `transcript`).
 */
export type { StoredTranscriptEntry, TranscriptCall, TranscriptEntry } from '../../store/transcript.js'
export { outcomeUnknownResult, repairTranscript, unpairedCalls } from './pair-results.js'
export { activeEntries, activeStoredEntries, isTaskEntry } from './active-entries.js'
export { callInput, replayPrompt } from './replay-prompt.js'
export type { ReadImage, ReplayInput } from './replay-prompt.js'
export { charsPerToken, estimateTokens, imageTokens, messageOverheadTokens } from './estimate-tokens.js'
export type { TokenEstimateInput } from './estimate-tokens.js'
export { planCompaction } from './compaction.js'
export type { CompactionOptions, CompactionPlan } from './compaction.js'
export { compactionPartCharLimit, compactionPrompt, renderTranscript } from './compaction-prompt.js'
export { shortenedPreviewChars, shortenMinChars, shortenToFit } from './compaction-shorten.js'
export type { FittedEntries, ShortenedFile } from './compaction-shorten.js'
