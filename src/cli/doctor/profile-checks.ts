import { readFile } from 'node:fs/promises'
import { checkProfileText } from '../../api/routes/profiles/check-profile-text.js'
import { listProfileFiles } from '../../api/routes/profiles/profile-files.js'
import type { ToolHost } from '../../host/create-tool-host.js'
import { defaultProfile } from '../../profile/default-profile.js'
import type { Profile } from '../../profile/profile-schema.js'
import type { HealthCheck } from '../../sandbox/sandbox-checks.js'
import { formatProblems, missingProfile, profileTarget } from '../settings/profile-target.js'

// Diagnostics other checks report, or that follow from a choice rather than a fault.
const notProfileFaults = new Set(['snapshot.scope_mismatch', 'mcp.tool_off', 'sandbox.unavailable'])

/**
 * The profile runs use (`--profile`, else the default): valid, and the tools it names but cannot
 * offer, with the snapshot's reasons (`snapshot.tool_unconfigured` and the rest). Also every other
 * stored profile that is invalid. Returns the profile when it is valid, for the checks of its
 * settings.
 */
export async function profileChecks(
  host: ToolHost,
  ref: string | undefined,
): Promise<{ readonly checks: HealthCheck[]; readonly profile?: Profile }> {
  const target = await profileTarget(host.dataDir, ref)
  const others = await otherInvalidProfiles(host.dataDir, target.path)
  const stored: HealthCheck[] =
    others.length === 0
      ? []
      : [
          {
            name: 'stored profiles',
            status: 'warn',
            detail: `${others.join('; ')}; fix with: toolhost profile edit <id>`,
          },
        ]
  let profile: Profile
  let where: string
  if (!target.exists) {
    if (!(target.stored && target.id === 'default'))
      return { checks: [{ name: 'profile', status: 'fail', detail: missingProfile(target) }, ...stored] }
    profile = defaultProfile
    where = 'built in'
  } else {
    const check = checkProfileText(
      await readFile(target.path, 'utf8'),
      target.format,
      target.stored ? target.id : undefined,
    )
    if (!check.valid) {
      const [first] = formatProblems(target.path, check.errors).split('\n')
      const more = check.errors.length > 1 ? ` (and ${check.errors.length - 1} more)` : ''
      return {
        checks: [
          {
            name: 'profile',
            status: 'fail',
            detail: `${first ?? ''}${more}; fix it with: toolhost profile edit ${ref ?? 'default'} (its databases, language servers and web search are checked once it is valid)`,
          },
          ...stored,
        ],
      }
    }
    try {
      profile = (await host.resolveProfile(target.stored ? target.id : target.path)).profile
    } catch (error) {
      return { checks: [{ name: 'profile', status: 'fail', detail: messageOf(error) }, ...stored] }
    }
    where = target.path
  }
  const { snapshot } = await host.snapshot({ profile, scope: 'session', protocol: 'openai-responses' })
  const problems = snapshot.diagnostics.filter((d) => !notProfileFaults.has(d.code))
  return {
    profile,
    checks: [
      {
        name: 'profile',
        status: 'ok',
        detail: `${profile.id} (${where}): valid; offers ${snapshot.bindings.length} tools in session scope`,
      },
      ...stored,
      problems.length === 0
        ? { name: 'profile tools', status: 'ok', detail: 'every tool the profile names is offered' }
        : {
            name: 'profile tools',
            status: 'warn',
            detail: `not offered: ${problems.map((d) => d.message).join('; ')}`,
          },
    ],
  }
}

/**
 * Process tool specs that offer nothing until a person trusts them (new or changed), and specs
 * with problems, in the host's process tool directories and the profile's.
 */
export async function processToolsCheck(host: ToolHost, profile: Profile): Promise<HealthCheck> {
  const everyProcessTool = { ...profile, tools: { ...profile.tools, allow: ['process/*'], deny: [] } }
  const { snapshot } = await host.snapshot({
    profile: everyProcessTool,
    scope: 'session',
    protocol: 'openai-responses',
  })
  const problems = snapshot.diagnostics.filter((d) => d.code.startsWith('process.'))
  const offered = snapshot.bindings.filter((b) => b.toolId.startsWith('process/')).length
  if (problems.length === 0)
    return {
      name: 'process tools',
      status: 'ok',
      detail: offered === 0 ? 'no process tool specs' : `${offered} process tools, every spec trusted`,
    }
  return { name: 'process tools', status: 'warn', detail: problems.map((d) => d.message).join('; ') }
}

async function otherInvalidProfiles(dataDir: string, chosen: string): Promise<string[]> {
  const found: string[] = []
  for (const file of await listProfileFiles(dataDir)) {
    if (file.path === chosen) continue
    const text = await readFile(file.path, 'utf8').catch(() => undefined)
    if (text === undefined) continue
    const check = checkProfileText(text, file.format, file.id)
    const [first] = check.errors
    if (first !== undefined) found.push(`${file.path}:${first.line}:${first.column}: ${first.message}`)
  }
  return found
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
