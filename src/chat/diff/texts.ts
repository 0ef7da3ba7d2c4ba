import { counted } from '../../text/quantities.js'

/** The words the diff renderer shows to people. */
export const diffTexts = {
  /** The last line of a diff cut to its first lines. */
  moreLines: (n: number): string => `… ${counted(n, 'more line')}`,
} as const
