import { loadText, loadTexts } from '../../text/model-text.js'

/** The model-facing result texts of the `lsp.*` tools, from `texts/*.txt` (placeholders `{name}`). */
export const lspTexts = loadTexts(import.meta.url, [
  'outsidePlace',
  'leftOut',
  'diagnosticsNone',
  'diagnosticsHeader',
  'diagnosticsHints',
  'definitionNone',
  'definitionHeader',
  'referencesNone',
  'referencesHeader',
  'referencesMore',
  'hoverNone',
  'symbolsFileNone',
  'symbolsFileHeader',
  'symbolsQueryNone',
  'symbolsQueryHeader',
  'symbolsMore',
])

/** The tool descriptions; `{search}` is filled with the text search tool's sentence, when it is offered. */
export const lspDescriptions = {
  diagnostics: loadText(import.meta.url, 'diagnostics.description.md'),
  definition: loadText(import.meta.url, 'definition.description.md'),
  references: loadText(import.meta.url, 'references.description.md'),
  hover: loadText(import.meta.url, 'hover.description.md'),
  symbols: loadText(import.meta.url, 'symbols.description.md'),
  preferOverSearch: loadText(import.meta.url, 'texts/prefer-over-search.txt'),
}
