import { mkdir, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { checkProfileText } from '../../api/routes/profiles/check-profile-text.js'
import type { ToolHost } from '../../host/create-tool-host.js'
import {
  editPermissionRules,
  permissionRuleLists,
  type PermissionRuleList,
} from '../../profile/edit-permission-rules.js'
import { parsePermissionRule } from '../../profile/permission-rule.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes, UsageError } from '../cli-io.js'
import { parseCommandArgs } from '../common-options.js'
import {
  formatProblems,
  missingProfile,
  newProfileText,
  profileTarget,
  type ProfileTarget,
} from '../settings/profile-target.js'
import { replaceFile } from '../settings/replace-file.js'

const options = {
  allow: { type: 'boolean' },
  ask: { type: 'boolean' },
  deny: { type: 'boolean' },
  profile: { type: 'string' },
} as const

/**
 * `toolhost permissions add <rule> --allow|--ask|--deny [--profile ID|FILE]`: puts a rule in one
 * list of a profile (taking it out of the others), keeping the file's comments and layout.
 */
export async function permissionsAdd(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { rule, lists, profile } = parseRuleArgs('add', args)
  const [list] = lists
  if (list === undefined || lists.length > 1)
    throw new UsageError('permissions add needs exactly one of --allow, --ask or --deny')
  const target = await profileTarget(host.dataDir, profile)
  if (!target.exists && !(target.stored && target.id === 'default')) throw new UsageError(missingProfile(target))
  const others = permissionRuleLists.filter((other) => other !== list)
  return applyEdit(target, { rule, addTo: list, removeFrom: others }, io)
}

/**
 * `toolhost permissions remove <rule> [--allow|--ask|--deny] [--profile ID|FILE]`: takes a rule out
 * of the lists named (every list when none is), keeping the file's comments and layout.
 */
export async function permissionsRemove(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { rule, lists, profile } = parseRuleArgs('remove', args)
  const target = await profileTarget(host.dataDir, profile)
  const removeFrom = lists.length === 0 ? permissionRuleLists : lists
  if (!target.exists) {
    if (!(target.stored && target.id === 'default')) throw new UsageError(missingProfile(target))
    io.out(`"${rule}" is not in ${listNames(removeFrom)}: there is no ${target.path} yet; nothing changed`)
    return exitCodes.ok
  }
  return applyEdit(target, { rule, removeFrom }, io)
}

function parseRuleArgs(
  verb: 'add' | 'remove',
  args: readonly string[],
): { rule: string; lists: PermissionRuleList[]; profile: string | undefined } {
  const { values, positionals } = parseCommandArgs(args, options)
  const [rule, ...extra] = positionals
  if (rule === undefined)
    throw new UsageError(
      `permissions ${verb} needs a rule, e.g. toolhost permissions ${verb} 'builtin:system.shell(git status)'${verb === 'add' ? ' --allow' : ''}`,
    )
  if (extra.length > 0)
    throw new UsageError(`permissions ${verb} takes one rule; quote it: '${[rule, ...extra].join(' ')}'`)
  const parsed = parsePermissionRule(rule)
  if ('problem' in parsed) throw new UsageError(`rule "${rule}" ${parsed.problem}`)
  return { rule, lists: permissionRuleLists.filter((list) => values[list] === true), profile: values.profile }
}

async function applyEdit(
  target: ProfileTarget,
  edit: {
    readonly rule: string
    readonly addTo?: PermissionRuleList
    readonly removeFrom: readonly PermissionRuleList[]
  },
  io: CliIo,
): Promise<number> {
  const text = target.exists ? await readFile(target.path, 'utf8') : newProfileText(target.id, target.format)
  const expectedId = target.stored ? target.id : undefined
  const before = checkProfileText(text, target.format, expectedId)
  if (!before.valid) {
    io.err(formatProblems(target.path, before.errors))
    io.err(`the profile has problems, so it was left unchanged; fix them first (toolhost profile edit ${target.path})`)
    return exitCodes.failed
  }
  const result = editPermissionRules(text, target.format, edit)
  const { rule, addTo } = edit
  if (!result.added && result.removedFrom.length === 0) {
    io.out(
      addTo === undefined
        ? `"${rule}" is not in ${listNames(edit.removeFrom)} of ${target.path}; nothing changed`
        : `"${rule}" is already in permissions.${addTo} of ${target.path}; nothing changed`,
    )
    return exitCodes.ok
  }
  const after = checkProfileText(result.text, target.format, expectedId)
  if (!after.valid) {
    io.err(formatProblems(target.path, after.errors))
    io.err('the change would make the profile invalid, so it was left unchanged')
    return exitCodes.failed
  }
  await mkdir(dirname(target.path), { recursive: true })
  await replaceFile(target.path, result.text)
  if (!target.exists) io.out(`created ${target.path} (the default profile, used when no --profile is given)`)
  const from = result.removedFrom.length > 0 ? ` from ${listNames(result.removedFrom)}` : ''
  io.out(
    addTo === undefined
      ? `removed "${rule}"${from} of ${target.path}`
      : `${result.removedFrom.length > 0 ? 'moved' : 'added'} "${rule}"${from} to permissions.${addTo} of ${target.path}`,
  )
  return exitCodes.ok
}

function listNames(lists: readonly PermissionRuleList[]): string {
  return lists.map((list) => `permissions.${list}`).join(', ')
}
