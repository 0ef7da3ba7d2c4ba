import type { LorebookEntry } from '../../tool/run-services.js'
import { escapeRegex, isRegexKey } from './key-pattern.js'
import type { SillyTavernFile } from './lorebook-schema.js'

/**
 * SillyTavern world info mapped onto our entries:
 * - `uid` (else the entry's key in `entries`) → id; `comment` → title; `key` → keys;
 *   `order` → priority; `disable` → enabled (negated); `constant`, `caseSensitive`, `scanDepth` as is;
 * - `keysecondary` → secondaryKeys when the entry is selective (the default) with logic AND ANY (0);
 *   AND ALL (3) is approximated as AND ANY, and NOT ANY (1) / NOT ALL (2) cannot be expressed, so
 *   those entries activate on their primary keys alone;
 * - SillyTavern matches keys inside words unless `matchWholeWords` is true (its global default is
 *   off), so a literal key without it becomes a regular expression matching anywhere;
 * - `null` fields mean "use the global setting" and are left out.
 * Entries come in the order of `entries`' keys, numerically.
 */
export function fromSillyTavern(file: SillyTavernFile): LorebookEntry[] {
  return sillyTavernSlots(file).map((slot) => {
    const st = file.entries[slot] ?? {}
    const caseSensitive = st.caseSensitive ?? undefined
    const wholeWords = st.matchWholeWords === true
    const keyOf = (key: string) =>
      wholeWords || isRegexKey(key) || key.trim() === ''
        ? key
        : `/${escapeRegex(key.trim())}/${caseSensitive === true ? '' : 'i'}`
    const logic = st.selectiveLogic ?? 0
    const secondary = st.selective !== false && (logic === 0 || logic === 3) ? (st.keysecondary ?? []).map(keyOf) : []
    const title = st.comment?.trim()
    return {
      id: String(st.uid ?? slot),
      ...(title !== undefined && title !== '' && { title }),
      keys: (st.key ?? []).map(keyOf),
      ...(secondary.some((k) => k.trim() !== '') && { secondaryKeys: secondary }),
      content: st.content ?? '',
      ...(st.constant === true && { constant: true }),
      ...(caseSensitive !== undefined && { caseSensitive }),
      ...(st.order !== null && st.order !== undefined && { priority: st.order }),
      ...(st.scanDepth !== null && st.scanDepth !== undefined && { scanDepth: st.scanDepth }),
      enabled: st.disable !== true,
    }
  })
}

/** The keys of `entries` in numeric order (SillyTavern numbers them by uid). */
export function sillyTavernSlots(file: SillyTavernFile): string[] {
  return Object.keys(file.entries).sort((a, b) => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0))
}
