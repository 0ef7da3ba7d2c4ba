import { loadText } from '../../../text/model-text.js'

const load = (name: string) => loadText(import.meta.url, `texts/${name}.txt`)

/** The model-facing texts of `workspace.commit` and `workspace.finish`, from `texts/*.txt`. */
export const publishTexts = {
  missing: load('missing'),
  writeFirst: load('write-first'),
  writeFirstPlain: load('write-first-plain'),
  directory: load('directory'),
  binary: load('binary'),
  empty: load('empty'),
  tooLong: load('too-long'),
  tooLongEdit: load('too-long-edit'),
  published: load('published'),
  publishedFinish: load('published-finish'),
  publishedFinishHint: load('published-finish-hint'),
  finished: load('finished'),
  finishedChat: load('finished-chat'),
} as const
