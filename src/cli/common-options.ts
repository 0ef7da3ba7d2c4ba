import { stat } from 'node:fs/promises'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { isScope, scopes, type Scope } from '../core/scope.js'
import { isProtocolName, protocolNames, type ProtocolName } from '../core/protocol-name.js'
import { permissionModes, type PermissionMode } from '../profile/profile-schema.js'
import { UsageError } from './cli-io.js'

/** Options shared by the commands that build a snapshot. */
export const snapshotOptions = {
  scope: { type: 'string' },
  profile: { type: 'string' },
  protocol: { type: 'string' },
  json: { type: 'boolean', default: false },
} as const satisfies ParseArgsConfig['options']

/** How `run` and `chat` reach a model and which agent they run. */
export const agentRunOptions = {
  model: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  profile: { type: 'string' },
  scope: { type: 'string' },
  resume: { type: 'string' },
  mode: { type: 'string' },
} as const satisfies ParseArgsConfig['options']

/** Parses a command's arguments, turning parse errors into usage errors. */
export function parseCommandArgs<O extends NonNullable<ParseArgsConfig['options']>>(
  args: readonly string[],
  options: O,
) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

/** `--scope`, default `session`. */
export function scopeOption(value: string | undefined): Scope {
  if (value === undefined) return 'session'
  if (!isScope(value)) throw new UsageError(`--scope must be one of ${scopes.join(', ')}, not "${value}"`)
  return value
}

/** `--mode`: a permission mode over the profile's. */
export function modeOption(value: string): PermissionMode {
  const mode = permissionModes.find((candidate) => candidate === value)
  if (mode === undefined) throw new UsageError(`--mode must be one of ${permissionModes.join(', ')}, not "${value}"`)
  return mode
}

/** `--protocol`, with a default when the command allows one. */
export function protocolOption(value: string | undefined, fallback?: ProtocolName): ProtocolName {
  if (value === undefined && fallback !== undefined) return fallback
  if (value === undefined) throw new UsageError(`--protocol is required: one of ${protocolNames.join(', ')}`)
  if (!isProtocolName(value))
    throw new UsageError(`--protocol must be one of ${protocolNames.join(', ')}, not "${value}"`)
  return value
}

/** `--profile`: a profile file (.json, .yaml, .yml), or the id of a stored profile. */
export async function profileOption(value: string | undefined): Promise<string | undefined> {
  if (value === undefined) return undefined
  const isFile = await stat(value).then(
    (s) => s.isFile(),
    () => false,
  )
  // A plain name that is also a file in the working directory is read as that file.
  return isFile && !/[\\/]/.test(value) ? `./${value}` : value
}

/** `--profile` as options to spread: no `profile` key at all when the option is absent (the host's default). */
export async function profileSelection(value: string | undefined): Promise<{ readonly profile?: string }> {
  const profile = await profileOption(value)
  return profile === undefined ? {} : { profile }
}
