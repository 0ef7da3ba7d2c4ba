import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import { parse as parseYaml } from 'yaml'
import type { z } from 'zod'
import type { Lorebook, LorebookEntry } from '../../tool/run-services.js'
import { defaultScanDepth } from './activate.js'
import { compileKey } from './key-pattern.js'
import { lorebookFileSchema, sillyTavernFileSchema, type LorebookFile } from './lorebook-schema.js'
import { fromSillyTavern, sillyTavernSlots } from './sillytavern.js'

/** A lorebook file that cannot be read or is not valid; the message names the file and each problem's path. */
export class LorebookError extends Error {
  override readonly name = 'LorebookError'
  readonly file: string
  readonly problems: readonly string[]
  constructor(file: string, problems: readonly string[]) {
    super(`Lorebook ${file} is not valid:\n${problems.map((p) => `- ${p}`).join('\n')}`)
    this.file = file
    this.problems = problems
  }
}

/**
 * Reads a lorebook from a JSON or YAML file (`.json` is parsed as JSON, anything else as YAML,
 * which also reads JSON). Two shapes are accepted:
 * - ours: `{ scanDepth?, entries: [{ id?, title?, keys, secondaryKeys?, content, constant?,
 *   caseSensitive?, priority?, scanDepth?, enabled? }] }` — unknown fields are refused, ids default
 *   to the entry's position (from 1) and must be unique, and an entry that is not constant needs a key;
 * - SillyTavern world info: `{ entries: { "0": { uid, key, keysecondary, content, … } } }`, mapped by
 *   {@link fromSillyTavern}.
 * Keys written `/pattern/flags` must be valid regular expressions.
 * @throws LorebookError naming the file and the path of every problem (e.g. `entries[2].keys`)
 *
 * @example
 * const lorebook = await loadLorebook('examples/lorebooks/saltmarsh-harbor.yaml')
 */
export async function loadLorebook(path: string): Promise<Lorebook> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new LorebookError(path, [`cannot read the file: ${(error as Error).message}`])
  }
  return parseLorebook(text, path)
}

/** Parses the text of a lorebook file; `file` names it in errors and picks JSON (`.json`) or YAML. */
export function parseLorebook(text: string, file: string): Lorebook {
  const data = parseData(text.replace(/^\uFEFF/, ''), file)
  const entries = (data as { entries?: unknown } | null)?.entries
  if (typeof entries === 'object' && entries !== null && !Array.isArray(entries)) {
    const st = sillyTavernFileSchema.safeParse(data)
    if (!st.success) throw new LorebookError(file, issues(st.error))
    const slots = sillyTavernSlots(st.data)
    const at = (i: number) => `entries[${JSON.stringify(slots[i] ?? String(i))}]`
    return checked(
      file,
      { scanDepth: defaultScanDepth, entries: fromSillyTavern(st.data) },
      { at, keys: 'key', secondaryKeys: 'keysecondary', requireKeys: false },
    )
  }
  const ours = lorebookFileSchema.safeParse(data)
  if (!ours.success) throw new LorebookError(file, issues(ours.error))
  return checked(file, fromOurs(ours.data), {
    at: (i) => `entries[${i}]`,
    keys: 'keys',
    secondaryKeys: 'secondaryKeys',
    requireKeys: true,
  })
}

function parseData(text: string, file: string): unknown {
  if (extname(file).toLowerCase() === '.json') {
    try {
      return JSON.parse(text)
    } catch (error) {
      throw new LorebookError(file, [`not valid JSON: ${(error as Error).message}`])
    }
  }
  try {
    return parseYaml(text, { prettyErrors: true })
  } catch (error) {
    throw new LorebookError(file, [`not valid YAML: ${(error as Error).message}`])
  }
}

function fromOurs(file: LorebookFile): Lorebook {
  const entries = file.entries.map((e, i): LorebookEntry => ({
    id: e.id === undefined ? String(i + 1) : String(e.id),
    ...(e.title !== undefined && { title: e.title }),
    keys: e.keys ?? [],
    ...(e.secondaryKeys !== undefined && { secondaryKeys: e.secondaryKeys }),
    content: e.content,
    ...(e.constant !== undefined && { constant: e.constant }),
    ...(e.caseSensitive !== undefined && { caseSensitive: e.caseSensitive }),
    ...(e.priority !== undefined && { priority: e.priority }),
    ...(e.scanDepth !== undefined && { scanDepth: e.scanDepth }),
    ...(e.enabled !== undefined && { enabled: e.enabled }),
  }))
  return { scanDepth: file.scanDepth ?? defaultScanDepth, entries }
}

/** How problem paths name entries and fields in the file's own shape. */
interface FileFormat {
  readonly at: (index: number) => string
  readonly keys: string
  readonly secondaryKeys: string
  /** Ours: an entry that is not constant needs a key. SillyTavern books often hold keyless drafts. */
  readonly requireKeys: boolean
}

/** The checks beyond the schema: unique ids, a key for every entry that is not constant, valid regex keys. */
function checked(file: string, lorebook: Lorebook, format: FileFormat): Lorebook {
  const { at } = format
  const problems: string[] = []
  const firstWithId = new Map<string, number>()
  const keyField = (i: number, field: 'keys' | 'secondaryKeys', k: number) => `${at(i)}.${format[field]}[${k}]`
  for (const [i, entry] of lorebook.entries.entries()) {
    const earlier = firstWithId.get(entry.id)
    if (earlier !== undefined)
      problems.push(`${at(i)}.id: "${entry.id}" is already the id of ${at(earlier)}; give each entry its own id`)
    else firstWithId.set(entry.id, i)
    if (
      format.requireKeys &&
      entry.constant !== true &&
      entry.enabled !== false &&
      !entry.keys.some((key) => key.trim() !== '')
    ) {
      problems.push(`${at(i)}.keys: the entry is not constant, so it needs at least one key (or set constant: true)`)
    }
    for (const field of ['keys', 'secondaryKeys'] as const) {
      for (const [k, key] of (entry[field] ?? []).entries()) {
        const compiled = compileKey(key, entry.caseSensitive === true)
        if (compiled !== undefined && !compiled.ok) {
          problems.push(
            `${keyField(i, field, k)}: ${JSON.stringify(key)} is not a valid regular expression (${compiled.reason}); fix it, or write the key without the surrounding slashes to match it as a word`,
          )
        }
      }
    }
  }
  if (problems.length > 0) throw new LorebookError(file, problems)
  return lorebook
}

function issues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`)
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) out += out === '' ? part : `.${part}`
    else out += `[${JSON.stringify(String(part))}]`
  }
  return out === '' ? '(the whole file)' : out
}
