import { loadTexts } from '../../text/model-text.js'

/** The model-facing texts of `worldinfo.read_activated`, from `texts/*.txt` (placeholders `{name}`). */
export const worldinfoTexts = loadTexts(import.meta.url, [
  'noLorebook',
  'noneActive',
  'noneActiveQuery',
  'noneActiveHint',
  'header',
  'whyConstant',
  'whyKey',
  'whyKeySecondary',
  'entryCut',
  'leftOut',
])
