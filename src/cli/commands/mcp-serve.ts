import type { ToolHost } from '../../host/create-tool-host.js'
import { serveMcp } from '../../mcp/server/index.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes, UsageError } from '../cli-io.js'
import { parseCommandArgs, profileOption, scopeOption } from '../common-options.js'

const options = {
  stdio: { type: 'boolean', default: false },
  http: { type: 'string' },
  profile: { type: 'string' },
  scope: { type: 'string' },
} as const

/**
 * `toolhost mcp serve --stdio | --http 127.0.0.1:PORT`: a profile's tools as an MCP server. Every
 * call goes through the gate, permissions and approvals (asked through MCP elicitation when the
 * client supports it). Runs until the client disconnects (stdio) or the process is interrupted.
 */
export async function mcpServe(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, options)
  if (values.stdio === (values.http !== undefined)) throw new UsageError('mcp serve needs exactly one of --stdio or --http 127.0.0.1:PORT')
  const session = { profile: await profileOption(values.profile), scope: scopeOption(values.scope) }
  // A profile that cannot be loaded ends the command now, not at the client's first request.
  await host.snapshot({ ...session, protocol: 'anthropic' })
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve())
    process.once('SIGTERM', () => resolve())
    if (values.stdio) process.stdin.once('end', () => resolve())
  })
  if (values.stdio) {
    // Standard output carries the protocol: nothing else may be written there.
    const handle = await serveMcp(host, { ...session, transport: 'stdio' })
    await stopped
    await handle.close()
    return exitCodes.ok
  }
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(values.http ?? '')
  if (match === null) throw new UsageError(`--http takes HOST:PORT, e.g. 127.0.0.1:3333 (got "${values.http ?? ''}")`)
  const handle = await serveMcp(host, { ...session, transport: 'http', host: (match[1] ?? '').replace(/^\[|\]$/g, ''), port: Number(match[2]) })
  io.err(`toolhost MCP server at ${handle.url ?? values.http ?? ''} (Ctrl-C to stop)`)
  await stopped
  await handle.close()
  return exitCodes.ok
}
