import { readFile, rename, writeFile } from 'node:fs/promises'
import { extname } from 'node:path'
import { isMap, isSeq, parseDocument } from 'yaml'
import { parseProfile } from './load-profile.js'
import type { Profile } from './profile-schema.js'

/** Where an invocation's profile came from, so that "allow always" can write back to it. */
export type ProfileSource =
  { readonly kind: 'builtin' } | { readonly kind: 'object' } | { readonly kind: 'file'; readonly path: string }

/**
 * The profile with `rule` added to `permissions.allow` (unchanged when it is there already).
 * @example addAllowRule(profile, 'builtin:workspace.shell(git status)')
 */
export function addAllowRule(profile: Profile, rule: string): Profile {
  if (profile.permissions.allow.includes(rule)) return profile
  return parseProfile({
    ...profile,
    permissions: { ...profile.permissions, allow: [...profile.permissions.allow, rule] },
  })
}

/**
 * Adds an allow rule to a profile file in place, keeping its format (JSON, or YAML with its
 * comments), written atomically. The result is validated before it replaces the file.
 */
export async function persistAllowRule(path: string, rule: string): Promise<void> {
  const text = await readFile(path, 'utf8')
  const yaml = ['.yaml', '.yml'].includes(extname(path).toLowerCase())
  let updated: string
  if (yaml) {
    const doc = parseDocument(text)
    const allow = doc.getIn(['permissions', 'allow'])
    if (isSeq(allow)) {
      if (!(allow.toJSON() as unknown[]).includes(rule)) allow.add(doc.createNode(rule))
    } else if (isMap(doc.get('permissions'))) {
      doc.setIn(['permissions', 'allow'], doc.createNode([rule]))
    } else {
      doc.set('permissions', doc.createNode({ allow: [rule] }))
    }
    updated = doc.toString()
    parseProfile(doc.toJS(), path)
  } else {
    const raw = JSON.parse(text) as Record<string, unknown>
    const permissions = (
      typeof raw.permissions === 'object' && raw.permissions !== null ? raw.permissions : {}
    ) as Record<string, unknown>
    const allow = Array.isArray(permissions.allow) ? (permissions.allow as unknown[]) : []
    const next = { ...raw, permissions: { ...permissions, allow: allow.includes(rule) ? allow : [...allow, rule] } }
    parseProfile(next, path)
    updated = `${JSON.stringify(next, null, 2)}\n`
  }
  const temp = `${path}.${process.pid}.tmp`
  await writeFile(temp, updated, 'utf8')
  await rename(temp, path)
}
