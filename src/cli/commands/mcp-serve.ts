import { chmod, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ToolHost } from '../../host/create-tool-host.js'
import { serveMcp } from '../../mcp/server/index.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes, UsageError } from '../cli-io.js'
import { parseCommandArgs, profileSelection, scopeOption } from '../common-options.js'

const options = {
  stdio: { type: 'boolean', default: false },
  http: { type: 'string' },
  profile: { type: 'string' },
  scope: { type: 'string' },
  'no-token': { type: 'boolean', default: false },
} as const

/** Where `mcp serve --http` leaves its bearer token for local clients: readable by the owner only. */
export const tokenFileName = 'mcp-http-token'

/**
 * `toolhost mcp serve --stdio | --http 127.0.0.1:PORT`: a profile's tools as an MCP server. Every
 * call goes through the gate, permissions and approvals (asked through MCP elicitation when the
 * client supports it). Runs until the client disconnects (stdio) or the process is interrupted.
 */
export async function mcpServe(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, options)
  if (values.stdio === (values.http !== undefined))
    throw new UsageError('mcp serve needs exactly one of --stdio or --http 127.0.0.1:PORT')
  const session = { ...(await profileSelection(values.profile)), scope: scopeOption(values.scope) }
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
  const handle = await serveMcp(host, {
    ...session,
    transport: 'http',
    host: (match[1] ?? '').replace(/^\[|\]$/g, ''),
    port: Number(match[2]),
    ...(values['no-token'] && { token: false }),
  })
  const tokenFile = join(host.dataDir, tokenFileName)
  if (handle.token === undefined) {
    await rm(tokenFile, { force: true })
    io.err(
      `toolhost MCP server at ${handle.url ?? ''} with no token: any local process can call its tools (Ctrl-C to stop)`,
    )
  } else {
    await writeFile(tokenFile, `${handle.token}\n`, { mode: 0o600 })
    await chmod(tokenFile, 0o600)
    io.err(`toolhost MCP server at ${handle.url ?? ''} (Ctrl-C to stop)`)
    io.err(`Clients send "Authorization: Bearer ${handle.token}" (also in ${tokenFile}, readable by you only).`)
  }
  await stopped
  await handle.close()
  if (handle.token !== undefined) await rm(tokenFile, { force: true })
  return exitCodes.ok
}
