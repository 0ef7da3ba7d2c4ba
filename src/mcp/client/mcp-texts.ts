import { loadText } from '../../text/model-text.js'

/** Model-facing texts of MCP tools (`texts/*.txt`); placeholders are filled with `fillText`. */
export const mcpTexts = {
  toolOff: loadText(import.meta.url, 'texts/tool-off.txt'),
  unavailable: loadText(import.meta.url, 'texts/unavailable.txt'),
  argumentsTooLarge: loadText(import.meta.url, 'texts/arguments-too-large.txt'),
  notSent: loadText(import.meta.url, 'texts/not-sent.txt'),
  outcomeUnknown: loadText(import.meta.url, 'texts/outcome-unknown.txt'),
  serverPaused: loadText(import.meta.url, 'texts/server-paused.txt'),
  refused: loadText(import.meta.url, 'texts/refused.txt'),
  toolErrorEmpty: loadText(import.meta.url, 'texts/tool-error-empty.txt'),
  ask: loadText(import.meta.url, 'texts/ask.txt'),
}
