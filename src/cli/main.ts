import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ProfileError } from '../catalog/load-profile.js'
import { createToolHost, type ToolHost } from '../host/create-tool-host.js'
import { loadText } from '../text/model-text.js'
import { closedOutputCode, exitCodes, processIo, UsageError, type CliIo } from './cli-io.js'
import { approvalsCommand } from './commands/approvals.js'
import { mcpCommand } from './commands/mcp.js'
import { mcpServe } from './commands/mcp-serve.js'
import { permissionsExplain } from './commands/permissions-explain.js'
import { snapshotCommand } from './commands/snapshot.js'
import { toolsCall } from './commands/tools-call.js'
import { toolsList } from './commands/tools-list.js'
import { runCommand } from './commands/run.js'
import { runsCommand } from './commands/runs.js'
import { existsSync } from 'node:fs'

type Command = (host: ToolHost, args: readonly string[], io: CliIo) => Promise<number>

const commands: Readonly<Record<string, Command>> = {
  'tools list': toolsList,
  'tools call': toolsCall,
  snapshot: snapshotCommand,
  'permissions explain': permissionsExplain,
  approvals: approvalsCommand,
  mcp: mcpCommand,
  'mcp serve': mcpServe,
  run: runCommand,
  runs: runsCommand,
}

const help = loadText(import.meta.url, 'help.txt')

/**
 * Runs the `toolhost` command line and returns the exit code.
 * @example process.exitCode = await main(['tools', 'call', 'dice.roll', '{"formula":"2d6"}'])
 */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(help)
    return argv.length === 0 ? exitCodes.usage : exitCodes.ok
  }
  if (argv[0] === '--version' || argv[0] === '-V') {
    io.out(version())
    return exitCodes.ok
  }
  const two = argv.slice(0, 2).join(' ')
  const name = commands[two] !== undefined ? two : (argv[0] ?? '')
  const command = commands[name]
  const rest = argv.slice(name.split(' ').length)
  if (command === undefined) return usage(io, `unknown command "${argv.slice(0, 2).join(' ')}"`)
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(help)
    return exitCodes.ok
  }
  const code = await withHost(command, rest, io)
  // Once the reader of standard output has gone, the command's own code no longer says how it ended.
  return io.outputClosed?.aborted === true ? closedOutputCode(io.outputClosed) : code
}

async function withHost(command: Command, rest: readonly string[], io: CliIo): Promise<number> {
  let host: ToolHost | undefined
  try {
    const skillsDir = optionValues(rest, '--skills-dir')[0] ?? (existsSync(join(process.cwd(), 'skills')) ? join(process.cwd(), 'skills') : undefined)
    host = await createToolHost({ dataDir: optionValues(rest, '--data-dir')[0], processDirs: [join(process.cwd(), 'tools'), ...optionValues(rest, '--process-dir')], watchProcessTools: false, ...(skillsDir !== undefined && { skillsDir }) })
    return await command(host, rest, io)
  } catch (error) {
    if (error instanceof UsageError) return usage(io, error.message)
    if (error instanceof ProfileError) {
      io.err(error.message)
      return exitCodes.usage
    }
    io.err(`toolhost: ${error instanceof Error ? error.message : String(error)}`)
    return exitCodes.failed
  } finally {
    await host?.close()
  }
}

function usage(io: CliIo, message: string): number {
  io.err(`toolhost: ${message}\nRun "toolhost --help" for usage.`)
  return exitCodes.usage
}

/** Every value of an option given as `--name value` or `--name=value`; the command parses them again strictly. */
function optionValues(args: readonly string[], name: string): string[] {
  const values: string[] = []
  args.forEach((arg, index) => {
    if (arg.startsWith(`${name}=`)) values.push(arg.slice(name.length + 1))
    else if (arg === name && args[index + 1] !== undefined) values.push(args[index + 1] ?? '')
  })
  return values
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  return pkg.version
}
