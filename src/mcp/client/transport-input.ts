import type { McpTransportConfig } from '../../store/mcp-servers.js'

/** How to reach a server when registering it; omitted lists and maps are empty. */
export type McpTransportInput =
  | {
      readonly kind: 'stdio'
      readonly command: string
      readonly args?: readonly string[]
      readonly env?: Readonly<Record<string, string>>
    }
  | { readonly kind: 'http'; readonly url: string; readonly headers?: Readonly<Record<string, string>> }

/**
 * Checks and completes a transport given at registration.
 * @throws TypeError for an empty command or a URL that is not http(s)
 */
export function checkTransport(input: McpTransportInput): McpTransportConfig {
  if (input.kind === 'stdio') {
    if (input.command.trim() === '') throw new TypeError('a stdio MCP server needs a command')
    return { kind: 'stdio', command: input.command, args: [...(input.args ?? [])], env: { ...input.env } }
  }
  let url: URL
  try {
    url = new URL(input.url)
  } catch {
    throw new TypeError(`"${input.url}" is not a URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`an MCP server URL must be http or https, not ${url.protocol}`)
  return { kind: 'http', url: url.href, headers: { ...input.headers } }
}
