import type { ToolHost } from '../../host/create-tool-host.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes, UsageError } from '../cli-io.js'
import { parseCommandArgs } from '../common-options.js'

/** `toolhost tools trust [FILE|DIR]...`: records the process tool specs as they are now, so their tools are offered until they change. */
export async function toolsTrust(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { positionals, values } = parseCommandArgs(args, { json: { type: 'boolean' } })
  let trusted
  try {
    trusted = await host.trustProcessTools(positionals.length === 0 ? undefined : positionals)
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  if (values.json === true) {
    io.out(JSON.stringify(trusted, null, 2))
    return exitCodes.ok
  }
  if (trusted.length === 0)
    io.err('no process tool specs found; name spec files or directories, e.g. toolhost tools trust tools/weather.yaml')
  for (const spec of trusted) {
    io.out(
      `trusted ${spec.file} (sha256 ${spec.sha256.slice(0, 16)}…): ${spec.toolIds.length === 0 ? 'no valid tools' : spec.toolIds.join(', ')}`,
    )
    for (const problem of spec.problems) io.err(`note: ${problem}`)
  }
  return exitCodes.ok
}
