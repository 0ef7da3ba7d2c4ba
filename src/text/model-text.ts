import { readFileSync } from 'node:fs'
import { formatCount } from './quantities.js'

/**
 * Model-facing texts live in plain files beside the code that uses them, so they can be read and
 * reviewed as text. Placeholders are written `{name}`.
 */

/**
 * Reads a text file that sits beside a module, without its trailing line break.
 * @example const description = loadText(import.meta.url, 'roll.description.md')
 */
export function loadText(moduleUrl: string, fileName: string): string {
  return readFileSync(new URL(fileName, moduleUrl), 'utf8').replace(/\s+$/, '')
}

/**
 * Fills `{name}` placeholders.
 * @throws Error when the template names a value that is not given, so no text ships half-filled
 * @example fillText('Unknown tool "{name}".', { name: 'x' }) // 'Unknown tool "x".'
 */
export function fillText(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (_match, key: string) => {
    const value = values[key]
    if (value === undefined) throw new Error(`text template needs a value for {${key}}`)
    return String(value)
  })
}

/**
 * Reads a set of texts from the `texts/` folder beside a module: each name `fooBar` is the file
 * `texts/foo-bar.txt`. A missing file throws at load time, so no text is found missing mid-run.
 * @example const texts = loadTexts(import.meta.url, ['unknownAgent', 'limitPerRun'] as const) // texts.unknownAgent
 */
export function loadTexts<const Name extends string>(
  moduleUrl: string,
  names: readonly Name[],
): Readonly<Record<Name, string>> {
  const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
  return Object.fromEntries(names.map((name) => [name, loadText(moduleUrl, `texts/${kebab(name)}.txt`)])) as Record<
    Name,
    string
  >
}

/**
 * Input echoed in a model-facing message, cut to its start when long, so a hostile size is never
 * sent back whole.
 * @example cutShort('x'.repeat(1000), 10) // 'xxxxxxxxxx… (1,000 characters)'
 */
export function cutShort(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}… (${formatCount(text.length)} characters)` : text
}
