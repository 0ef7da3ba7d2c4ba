import { chmod, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ToolHost } from '../../host/create-tool-host.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes, UsageError } from '../cli-io.js'
import { parseCommandArgs, profileOption } from '../common-options.js'

const options = {
  model: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  profile: { type: 'string' },
  host: { type: 'string', default: '127.0.0.1' },
  port: { type: 'string', default: '7777' },
  queue: { type: 'string', default: 'sqlite' },
  channel: { type: 'string', multiple: true },
  reply: { type: 'string', default: 'final-text' },
  'allow-non-loopback': { type: 'boolean', default: false },
  'log-level': { type: 'string', default: 'info' },
} as const

/** Where `serve` leaves its bearer token for local clients (`/mcp`, `/metrics`): readable by the owner only. */
export const serveTokenFileName = 'serve-token'

/**
 * `toolhost serve`: the always-on daemon (what `npm start` runs). Channels in (HTTP by default,
 * Telegram, the terminal), agent runs per conversation, replies out, approvals by one-time code,
 * schedules; HTTP on loopback with `/healthz`, `/readyz`, `/metrics` and `/mcp`. Runs until SIGINT
 * or SIGTERM, then stops gracefully (runs are checkpointed) and exits 0.
 */
export async function serveCommand(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, options)
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError('--port takes a port number (0 picks a free one)')
  if (values.reply !== 'final-text' && values.reply !== 'publish')
    throw new UsageError(
      "--reply takes final-text (the agent's final text) or publish (what workspace_commit publishes)",
    )
  const channelNames = values.channel ?? ['http']
  const { startServe } = await import('../../daemon/serve/start-serve.js')
  const { consoleMounts } = await import('../../api/console-mounts.js')
  const profile = await profileOption(values.profile)
  const model = values.model ?? (await host.resolveProfile(profile)).profile.model
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve())
    process.once('SIGTERM', () => resolve())
  })
  const serve = await startServe({
    host,
    ...(model !== undefined && { model }),
    ...(values['base-url'] !== undefined && { baseUrl: values['base-url'] }),
    ...(values['api-key'] !== undefined && { apiKey: values['api-key'] }),
    ...(profile !== undefined && { profile }),
    bind: values.host,
    port,
    allowNonLoopback: values['allow-non-loopback'],
    queue: values.queue,
    channels: channelNames,
    replyMode: values.reply,
    logLevel: values['log-level'],
    mounts: consoleMounts(),
  })
  const tokenFile = join(host.dataDir, serveTokenFileName)
  await writeFile(tokenFile, `${serve.token}\n`, { mode: 0o600 })
  await chmod(tokenFile, 0o600)
  // One write, so a reader that waits for the first line has the notes too.
  io.err(
    [
      `toolhost serve: listening on ${serve.url} (token in ${tokenFile}; /mcp, /metrics and /api need it)`,
      `The console: ${serve.url}/?token=${serve.token}`,
      ...serve.notes,
    ].join('\n'),
  )
  try {
    await Promise.race([stopped, serve.closed])
  } finally {
    await serve.stop()
    await rm(tokenFile, { force: true })
  }
  return exitCodes.ok
}
