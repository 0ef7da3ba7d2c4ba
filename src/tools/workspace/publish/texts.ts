import { loadTexts } from '../../../text/model-text.js'

/** The model-facing texts of `workspace.commit` and `workspace.finish`, from `texts/*.txt`. */
export const publishTexts = loadTexts(import.meta.url, [
  'missing',
  'writeFirst',
  'writeFirstPlain',
  'directory',
  'binary',
  'empty',
  'tooLong',
  'tooLongEdit',
  'published',
  'publishedFinish',
  'publishedFinishHint',
  'finished',
  'finishedChat',
])
