import { readFile } from 'node:fs/promises'
import { stringify } from 'yaml'
import { checkProfileText, type ProfileCheck } from '../../api/routes/profiles/check-profile-text.js'
import { listProfileFiles, profilesDir } from '../../api/routes/profiles/profile-files.js'
import type { ToolHost } from '../../host/create-tool-host.js'
import { defaultProfile } from '../../profile/default-profile.js'
import type { Profile } from '../../profile/profile-schema.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes, UsageError } from '../cli-io.js'
import { parseCommandArgs } from '../common-options.js'
import { formatTable } from '../format-table.js'
import { formatProblems, missingProfile, profileTarget, type ProfileTarget } from '../settings/profile-target.js'

/** A stored profile as `profile list` reports it. */
interface ListedProfile {
  readonly id: string
  readonly name?: string
  /** Its file; absent for the built-in default, which has none. */
  readonly file?: string
  readonly valid: boolean
  /** The first problem, `line:column: message`, when it is invalid. */
  readonly problem?: string
}

/** `toolhost profile list [--json]`: the profiles in `<data-dir>/profiles/`, each checked. */
export async function profileList(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean' } })
  if (positionals.length > 0) throw new UsageError('profile list takes no arguments')
  const listed: ListedProfile[] = []
  for (const file of await listProfileFiles(host.dataDir)) {
    const check = checkProfileText(await readFile(file.path, 'utf8'), file.format, file.id)
    const [first] = check.errors
    const name = check.valid ? check.profile.name : undefined
    listed.push({
      id: file.id,
      ...(name !== undefined && { name }),
      file: file.path,
      valid: check.valid,
      ...(first !== undefined && {
        problem: `${first.line}:${first.column}: ${first.message}${check.errors.length > 1 ? ` (and ${check.errors.length - 1} more)` : ''}`,
      }),
    })
  }
  // Runs without --profile use the built-in default until a default profile is stored.
  if (!listed.some((profile) => profile.id === 'default')) listed.unshift({ id: 'default', valid: true })
  if (values.json === true) {
    io.out(JSON.stringify(listed, null, 2))
    return exitCodes.ok
  }
  io.out(
    formatTable(
      ['ID', 'NAME', 'FILE', 'STATUS'],
      listed.map((p) => [
        p.id,
        p.name ?? '',
        p.file ?? `(built in; saved as ${profilesDir(host.dataDir)}/default.yaml once changed)`,
        p.valid ? 'valid' : `invalid: ${p.problem ?? ''}`,
      ]),
    ),
  )
  return exitCodes.ok
}

/**
 * `toolhost profile show [<id|file>] [--json] [--raw]`: the profile as runs get it, every default
 * filled in (YAML, or JSON), or the file as written.
 */
export async function profileShow(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean' }, raw: { type: 'boolean' } })
  const target = await oneTarget(host, 'show', positionals)
  if (!target.exists) {
    if (!(target.stored && target.id === 'default')) throw new UsageError(missingProfile(target))
    if (values.raw === true) {
      io.err(`the default profile is built in; no file ${target.path} yet`)
      return exitCodes.failed
    }
    io.out(render(defaultProfile, values.json === true))
    return exitCodes.ok
  }
  const text = await readFile(target.path, 'utf8')
  if (values.raw === true) {
    if (io.write === undefined) io.out(text)
    else io.write(text)
    return exitCodes.ok
  }
  const check = checkTarget(target, text)
  if (!check.valid) {
    io.err(formatProblems(target.path, check.errors))
    return exitCodes.failed
  }
  // As the host resolves it: MCP server names in rules become the ids they are registered under.
  const { profile } = await host.resolveProfile(target.stored ? target.id : target.path)
  io.out(render(profile, values.json === true))
  return exitCodes.ok
}

/** `toolhost profile validate [<id|file>] [--json]`: each problem at its line and column; exit 1 when invalid. */
export async function profileValidate(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean' } })
  const target = await oneTarget(host, 'validate', positionals)
  if (!target.exists) {
    if (!(target.stored && target.id === 'default')) throw new UsageError(missingProfile(target))
    io.out(`the default profile is built in (no ${target.path}); it is valid`)
    return exitCodes.ok
  }
  const check = checkTarget(target, await readFile(target.path, 'utf8'))
  if (values.json === true)
    io.out(JSON.stringify({ file: target.path, valid: check.valid, errors: check.errors }, null, 2))
  else if (check.valid) io.out(`${target.path}: valid (profile ${check.profile.id})`)
  else io.out(formatProblems(target.path, check.errors))
  return check.valid ? exitCodes.ok : exitCodes.failed
}

/** Checks a profile text as the host loads it; a stored profile must carry the id of its file name. */
export function checkTarget(target: ProfileTarget, text: string): ProfileCheck {
  return checkProfileText(text, target.format, target.stored ? target.id : undefined)
}

async function oneTarget(host: ToolHost, verb: string, positionals: readonly string[]): Promise<ProfileTarget> {
  if (positionals.length > 1) throw new UsageError(`profile ${verb} takes one profile: an id or a file`)
  return profileTarget(host.dataDir, positionals[0])
}

function render(profile: Profile, json: boolean): string {
  return json ? JSON.stringify(profile, null, 2) : stringify(profile).trimEnd()
}
