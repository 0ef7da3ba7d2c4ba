import { loadText } from '../../text/model-text.js'

const load = (name: string) => loadText(import.meta.url, `texts/${name}.txt`)

/** The model-facing texts of `worldinfo.read_activated`, from `texts/*.txt` (placeholders `{name}`). */
export const worldinfoTexts = {
  noLorebook: load('no-lorebook'),
  noneActive: load('none-active'),
  noneActiveQuery: load('none-active-query'),
  noneActiveHint: load('none-active-hint'),
  header: load('header'),
  whyConstant: load('why-constant'),
  whyKey: load('why-key'),
  whyKeySecondary: load('why-key-secondary'),
  entryCut: load('entry-cut'),
  leftOut: load('left-out'),
} as const
