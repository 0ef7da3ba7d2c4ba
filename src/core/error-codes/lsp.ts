import type { ErrorCodeTable } from './error-code-info.js'

/** Codes of the `lsp.*` tools (questions to language servers). */
export const lspErrorCodes = {
  'lsp.unknown_language': {
    kind: 'recoverable',
    meaning: 'No configured language server serves the file’s extension.',
    texts: ['tools/lsp/texts/unknown-language.txt'],
  },
  'lsp.server_unavailable': {
    kind: 'recoverable',
    meaning: 'The language server’s program is not installed or cannot be started.',
    texts: ['tools/lsp/texts/server-not-found.txt', 'tools/lsp/texts/server-start-failed.txt'],
  },
  'lsp.server_crashed': {
    kind: 'recoverable',
    meaning: 'The language server exited while starting or answering; the next call starts a new one.',
    texts: ['tools/lsp/texts/server-crashed.txt', 'tools/lsp/texts/stderr-tail.txt'],
  },
  'lsp.timeout': {
    kind: 'recoverable',
    meaning: 'The language server did not answer within `lsp.requestTimeoutSec`.',
    texts: ['tools/lsp/texts/request-timeout.txt'],
  },
  'lsp.indexing': {
    kind: 'recoverable',
    meaning: 'The language server is still loading the project and found nothing yet.',
    texts: ['tools/lsp/texts/indexing.txt'],
  },
  'lsp.server_error': {
    kind: 'recoverable',
    meaning: 'The language server answered a request with an error.',
    texts: ['tools/lsp/texts/server-error.txt'],
  },
  'lsp.not_supported': {
    kind: 'recoverable',
    meaning: 'The language server does not offer the feature the tool asks for.',
    texts: ['tools/lsp/texts/not-supported.txt'],
  },
  'lsp.position_out_of_range': {
    kind: 'recoverable',
    meaning: 'The line or column given is past the end of the file or line.',
    texts: ['tools/lsp/texts/line-out-of-range.txt', 'tools/lsp/texts/column-out-of-range.txt'],
  },
} as const satisfies ErrorCodeTable
