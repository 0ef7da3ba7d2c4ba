import { fillText } from '../../../text/model-text.js'
import { formatBytes, formatCount } from '../../../text/quantities.js'
import { fileToolLimits } from './limits.js'

/** The limits as the descriptions quote them. */
const limitValues = {
  maxLines: formatCount(fileToolLimits.maxLines),
  maxChars: formatCount(fileToolLimits.maxChars),
  maxBytes: formatBytes(fileToolLimits.maxBytes),
  maxLineChars: formatCount(fileToolLimits.maxLineChars),
  maxEdits: formatCount(fileToolLimits.maxEdits),
}

/**
 * A description: the template (which ends with a bullet list) filled with the limits, then one
 * more bullet for each non-empty note — notes name other tools only when the snapshot offers them.
 */
export function describe(template: string, notes: readonly string[]): string {
  const bullets = notes.filter((note) => note !== '').map((note) => `\n- ${note}`)
  return `${fillText(template, limitValues)}${bullets.join('')}`
}
