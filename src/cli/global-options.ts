import { UsageError } from './cli-io.js'

/** Options every command that builds a host takes, wherever they stand among its arguments. */
export interface GlobalOptions {
  readonly dataDir?: string
  readonly processDirs: readonly string[]
  readonly skillsDir?: string
}

const names = { '--data-dir': 'dataDir', '--process-dir': 'processDirs', '--skills-dir': 'skillsDir' } as const
type Name = keyof typeof names

/**
 * Takes the global options (`--data-dir`, `--process-dir`, `--skills-dir`, as `--name value` or
 * `--name=value`) out of a command's arguments; the rest goes to the command. Nothing after `--` is
 * looked at: it belongs to the command (an MCP server's own command line).
 * @throws UsageError for a global option without its value
 */
export function splitGlobalOptions(args: readonly string[]): { globals: GlobalOptions; rest: string[] } {
  const rest: string[] = []
  let dataDir: string | undefined
  let skillsDir: string | undefined
  const processDirs: string[] = []
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? ''
    if (arg === '--') {
      rest.push(...args.slice(index))
      break
    }
    const [name, inline] = splitOption(arg)
    if (name === undefined) {
      rest.push(arg)
      continue
    }
    const value = inline ?? args[index + 1]
    if (value === undefined || (inline === undefined && value.startsWith('--')))
      throw new UsageError(`${name} needs a directory`)
    if (inline === undefined) index += 1
    if (names[name] === 'dataDir') dataDir = value
    else if (names[name] === 'skillsDir') skillsDir = value
    else processDirs.push(value)
  }
  return {
    globals: { processDirs, ...(dataDir !== undefined && { dataDir }), ...(skillsDir !== undefined && { skillsDir }) },
    rest,
  }
}

function splitOption(arg: string): [Name | undefined, string | undefined] {
  const equals = arg.indexOf('=')
  const name = equals === -1 ? arg : arg.slice(0, equals)
  if (!(name in names)) return [undefined, undefined]
  return [name as Name, equals === -1 ? undefined : arg.slice(equals + 1)]
}
