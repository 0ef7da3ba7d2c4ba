import type { ErrorCodeTable } from './error-code-info.js'

/** Codes of external tools: MCP servers and in-process extensions. */
export const mcpAndExtensionErrorCodes = {
  'mcp.unavailable': {
    kind: 'recoverable',
    meaning: 'The MCP server or tool was removed after the snapshot was made.',
    texts: ['mcp/client/texts/unavailable.txt'],
  },
  'mcp.tool_off': {
    kind: 'recoverable',
    meaning: 'The MCP tool is turned off: it is not offered (a diagnostic), and a call to it is refused.',
    texts: ['mcp/client/texts/tool-off.txt'],
  },
  'mcp.arguments_too_large': {
    kind: 'recoverable',
    meaning: 'The arguments of an MCP call are larger than the limit (256 KiB).',
    texts: ['mcp/client/texts/arguments-too-large.txt'],
  },
  'mcp.server_paused': {
    kind: 'recoverable',
    meaning: 'The MCP server failed several times in a row and is paused for a while.',
    texts: ['mcp/client/texts/server-paused.txt'],
  },
  'mcp.not_sent': {
    kind: 'recoverable',
    meaning: 'The request never reached the MCP server, so the tool did not run; it is safe to retry.',
    texts: ['mcp/client/texts/not-sent.txt'],
  },
  'mcp.refused': {
    kind: 'recoverable',
    meaning:
      'The MCP server answered the call with an error of the protocol (JSON-RPC, or HTTP 4xx) instead of running it.',
    texts: ['mcp/client/texts/refused.txt'],
  },
  'mcp.tool_error': {
    kind: 'recoverable',
    meaning: 'The MCP tool ran and reported an error of its own; its content goes to the model.',
    texts: ['mcp/client/texts/tool-error-empty.txt'],
  },
  'mcp.invalid_schema': {
    kind: 'diagnostic',
    meaning: 'An MCP tool has an input schema toolhost cannot use; it is not offered.',
  },
  'extension.unavailable': {
    kind: 'recoverable',
    meaning: 'The extension tool was removed after the snapshot was made.',
  },
  'extension.disabled': {
    kind: 'recoverable',
    meaning: 'The extension tool is disabled: it is not offered (a diagnostic), and a call to it is refused.',
  },
  'extension.call_failed': {
    kind: 'recoverable',
    meaning: "The extension tool's function threw; its message goes to the model.",
  },
  'extension.bad_result': {
    kind: 'recoverable',
    meaning: 'The extension tool returned a value that is not JSON.',
  },
  'extension.context_mismatch': {
    kind: 'diagnostic',
    meaning: "The extension tool serves other contexts than the host's; it is not offered.",
  },
  'extension.tool_needs_image_input': {
    kind: 'diagnostic',
    meaning: 'The tool returns images and the model does not read them; it is not offered.',
  },
} as const satisfies ErrorCodeTable
