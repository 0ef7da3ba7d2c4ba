import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ProfileError } from '../profile/load-profile.js'
import { createToolHost, defaultDataDir, type ToolHost } from '../host/create-tool-host.js'
import { loadText } from '../text/model-text.js'
import { closedOutputCode, exitCodes, processIo, UsageError, type CliIo } from './cli-io.js'
import { commandHelp, helpTopics } from './command-help.js'
import { splitGlobalOptions, type GlobalOptions } from './global-options.js'

type Command = (host: ToolHost, args: readonly string[], io: CliIo) => Promise<number>

// Each command's module is imported when it runs: one run of the CLI needs one command, and the
// others pull in the agent loop, model providers, the MCP SDK and image processing.
const commands: Readonly<Record<string, () => Promise<Command>>> = {
  'tools list': async () => (await import('./commands/tools-list.js')).toolsList,
  'tools call': async () => (await import('./commands/tools-call.js')).toolsCall,
  'tools trust': async () => (await import('./commands/tools-trust.js')).toolsTrust,
  snapshot: async () => (await import('./commands/snapshot.js')).snapshotCommand,
  'permissions explain': async () => (await import('./commands/permissions-explain.js')).permissionsExplain,
  'permissions add': async () => (await import('./commands/permissions-edit.js')).permissionsAdd,
  'permissions remove': async () => (await import('./commands/permissions-edit.js')).permissionsRemove,
  'profile list': async () => (await import('./commands/profile.js')).profileList,
  'profile show': async () => (await import('./commands/profile.js')).profileShow,
  'profile validate': async () => (await import('./commands/profile.js')).profileValidate,
  'profile edit': async () => (await import('./commands/profile-edit.js')).profileEdit,
  'hooks list': async () => (await import('./commands/hooks.js')).hooksList,
  'hooks test': async () => (await import('./commands/hooks.js')).hooksTest,
  approvals: async () => (await import('./commands/approvals.js')).approvalsCommand,
  mcp: async () => (await import('./commands/mcp.js')).mcpCommand,
  'mcp serve': async () => (await import('./commands/mcp-serve.js')).mcpServe,
  run: async () => (await import('./commands/run.js')).runCommand,
  chat: async () => (await import('./commands/chat.js')).chatCommand,
  runs: async () => (await import('./commands/runs.js')).runsCommand,
  doctor: async () => (await import('./commands/doctor.js')).doctorCommand,
  serve: async () => (await import('./commands/serve.js')).serveCommand,
}

const help = loadText(import.meta.url, 'help.txt')

/**
 * Runs the `toolhost` command line and returns the exit code.
 * @example process.exitCode = await main(['tools', 'call', 'dice.roll', '{"formula":"2d6"}'])
 */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
    io.out(help)
    return argv.length === 0 ? exitCodes.usage : exitCodes.ok
  }
  if (argv[0] === '--version' || argv[0] === '-V') {
    io.out(version())
    return exitCodes.ok
  }
  if (argv[0] === 'help') return printHelp(io, argv.slice(1).join(' '))
  const two = argv.slice(0, 2).join(' ')
  const name = commands[two] !== undefined ? two : (argv[0] ?? '')
  const rest = argv.slice(name.split(' ').length)
  if (wantsHelp(rest)) return printHelp(io, commandHelp(two) !== undefined ? two : name)
  const command = commands[name]
  if (command === undefined)
    return usage(io, `unknown command "${two}"`, commandHelp(argv[0] ?? '') === undefined ? undefined : argv[0])
  let split
  try {
    split = splitGlobalOptions(rest)
  } catch (error) {
    if (error instanceof UsageError) return usage(io, error.message, name)
    throw error
  }
  const code = await withHost(await command(), name, split.globals, split.rest, io)
  // Once the reader of standard output has gone, the command's own code no longer says how it ended.
  return io.outputClosed?.aborted === true ? closedOutputCode(io.outputClosed) : code
}

async function withHost(
  command: Command,
  name: string,
  globals: GlobalOptions,
  args: readonly string[],
  io: CliIo,
): Promise<number> {
  let host: ToolHost | undefined
  try {
    const skillsDir =
      globals.skillsDir ?? (existsSync(join(process.cwd(), 'skills')) ? join(process.cwd(), 'skills') : undefined)
    const dataDir = resolve(globals.dataDir ?? defaultDataDir())
    host = await createToolHost({
      dataDir,
      processDirs: [join(dataDir, 'tools'), ...globals.processDirs],
      watchProcessTools: false,
      ...(skillsDir !== undefined && { skillsDir }),
    })
    return await command(host, args, io)
  } catch (error) {
    if (error instanceof UsageError) return usage(io, error.message, name)
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

/** `--help` or `-h` among a command's own arguments (not after `--`, which belong to a program it starts). */
function wantsHelp(args: readonly string[]): boolean {
  const own = args.includes('--') ? args.slice(0, args.indexOf('--')) : args
  return own.includes('--help') || own.includes('-h')
}

function printHelp(io: CliIo, topic: string): number {
  if (topic === '') {
    io.out(help)
    return exitCodes.ok
  }
  const text = commandHelp(topic)
  if (text === undefined) return usage(io, `no command "${topic}"; commands: ${helpTopics().join(', ')}`)
  io.out(text)
  return exitCodes.ok
}

function usage(io: CliIo, message: string, command?: string): number {
  io.err(`toolhost: ${message}\nRun "toolhost ${command === undefined ? '' : `${command} `}--help" for usage.`)
  return exitCodes.usage
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  return pkg.version
}
