import type { ChatMessage, Lorebook, LorebookEntry } from '../../tool/run-services.js'
import { compileKey } from './key-pattern.js'

/** Recent messages scanned for keys when neither the entry nor the lorebook says. */
export const defaultScanDepth = 4

/** Why an entry is active: it is constant, or a key (and a secondary key, when it has them) occurred. */
export type ActivationReason =
  { readonly kind: 'constant' } | { readonly kind: 'key'; readonly key: string; readonly secondaryKey?: string }

/** An active entry and why. */
export interface ActiveEntry {
  readonly entry: LorebookEntry
  readonly reason: ActivationReason
}

/** The outcome of activation: active entries in order, and keys that could not be used. */
export interface Activation {
  readonly active: readonly ActiveEntry[]
  /** Keys that are not valid regular expressions, as `entry id: key (reason)`; they never match. */
  readonly badKeys: readonly string[]
}

/**
 * The entries of `lorebook` activated by the end of `messages` (and by `extraText`, e.g. a query):
 * - disabled entries (`enabled: false`) never are;
 * - constant entries always are;
 * - otherwise a key must occur in the last `scanDepth` messages (the entry's own, else the
 *   lorebook's, else {@link defaultScanDepth}), or in `extraText`; see `compileKey` for matching;
 * - when the entry has secondary keys, at least one of them must occur too.
 * Active entries are ordered by priority (higher first, default 0), then by id.
 */
export function activateEntries(lorebook: Lorebook, messages: readonly ChatMessage[], extraText = ''): Activation {
  const active: ActiveEntry[] = []
  const badKeys: string[] = []
  const scanned = new Map<number, string>()
  const textFor = (depth: number): string => {
    let text = scanned.get(depth)
    if (text === undefined) {
      const recent = depth <= 0 ? [] : messages.slice(-depth).map((message) => message.text)
      text = [...recent, extraText].filter((part) => part !== '').join('\n\n')
      scanned.set(depth, text)
    }
    return text
  }
  for (const entry of lorebook.entries) {
    if (entry.enabled === false) continue
    if (entry.constant === true) {
      active.push({ entry, reason: { kind: 'constant' } })
      continue
    }
    const text = textFor(entry.scanDepth ?? lorebook.scanDepth ?? defaultScanDepth)
    if (text === '') continue
    const caseSensitive = entry.caseSensitive === true
    const found = (keys: readonly string[]): string | undefined => {
      for (const key of keys) {
        const compiled = compileKey(key, caseSensitive)
        if (compiled === undefined) continue
        if (!compiled.ok) {
          badKeys.push(`${entry.id}: ${key} (${compiled.reason})`)
          continue
        }
        if (compiled.pattern.test(text)) return key
      }
      return undefined
    }
    const key = found(entry.keys)
    if (key === undefined) continue
    const secondary = entry.secondaryKeys ?? []
    if (secondary.some((k) => k.trim() !== '')) {
      const secondaryKey = found(secondary)
      if (secondaryKey === undefined) continue
      active.push({ entry, reason: { kind: 'key', key, secondaryKey } })
    } else {
      active.push({ entry, reason: { kind: 'key', key } })
    }
  }
  active.sort((x, y) => (y.entry.priority ?? 0) - (x.entry.priority ?? 0) || idOrder().compare(x.entry.id, y.entry.id))
  return { active, badKeys: [...new Set(badKeys)] }
}

let collator: Intl.Collator | undefined

/**
 * Ids in natural order ("2" before "10"), the same on every machine. Made at the first sort:
 * creating a collator loads ICU's collation data, which takes longer than loading this module.
 */
function idOrder(): Intl.Collator {
  collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'variant' })
  return collator
}
