import { stem } from './stem.js'

/**
 * Turns tool names, descriptions and queries into search terms: split on anything that is not a
 * letter or digit and at camelCase humps (`createIssue`, `HTTPRequest`), lower-cased, stop words
 * dropped, stemmed.
 */

/** Words too common to tell tools apart. */
const stopWords = new Set(
  (
    'a an the and or but if of to in on at by for from with without into onto over about as is are was were be been being ' +
    'this that these those it its i me my we our you your he she they them their there here what which who whom whose ' +
    'can could should would will shall may might must do does did done so than then too very just also any some such ' +
    'not no yes only own same via per each every both either neither how when where why please want wants need needs ' +
    'like using use uses used one up down out'
  ).split(' '),
)

/** True for a word the index ignores. */
export function isStopWord(word: string): boolean {
  return stopWords.has(word)
}

/**
 * The words of a text, lower-cased, in order, stop words included. A hyphenated word also gives its
 * parts joined ("to-do" → "to", "do", "todo"), and possessive "'s" goes.
 * @example words('mcp__github__createIssue') // ['mcp', 'github', 'create', 'issue']
 */
export function words(text: string): string[] {
  // Tool text is nearly always ASCII; its patterns are several times faster than Unicode classes.
  const pattern = isAscii.test(text) ? ascii : unicode
  const spaced = text
    .replace(/['’]s\b/g, '')
    .replace(pattern.acronym, '$1 $2')
    .replace(pattern.hump, '$1 $2')
    .toLowerCase()
  const out: string[] = []
  for (const token of spaced.split(pattern.separator)) {
    if (token === '') continue
    if (!token.includes('-')) {
      out.push(token)
      continue
    }
    const parts = token.split('-').filter((part) => part !== '')
    out.push(...parts)
    if (parts.length > 1) out.push(parts.join(''))
  }
  return out
}

// Any character outside printable ASCII (and white space) sends a text down the Unicode path.
const isAscii = /^[\t\n\r -~]*$/
// "HTTPRequest" → "HTTP Request", "createIssue" → "create Issue"; "PDFs" and "IDs" stay whole.
const ascii = { acronym: /([A-Z]+)([A-Z][a-z]{2,})/g, hump: /([a-z0-9])([A-Z])/g, separator: /[^a-z0-9-]+/ }
const unicode = {
  acronym: /(\p{Lu}+)(\p{Lu}\p{Ll}{2,})/gu,
  hump: /([\p{Ll}\p{N}])(\p{Lu})/gu,
  separator: /[^\p{L}\p{N}-]+/u,
}

/**
 * The search terms of a text: its words without stop words, stemmed.
 * @example terms('Creates new issues in a repository') // ['creat', 'new', 'issue', 'repository']
 */
export function terms(text: string): string[] {
  return words(text)
    .filter((word) => !stopWords.has(word))
    .map(stem)
}
