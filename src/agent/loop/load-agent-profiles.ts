import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { readProfileFile } from '../../profile/load-profile.js'
import type { Profile } from '../../profile/profile-schema.js'

/**
 * The profiles in `<dataDir>/profiles/` (JSON and YAML), for the agent catalog. A profile file
 * that does not parse is skipped with its problem reported, so one bad file never hides the rest.
 */
export async function loadAgentProfiles(dataDir: string): Promise<{ profiles: Profile[]; problems: string[] }> {
  const dir = join(dataDir, 'profiles')
  let names: string[]
  try {
    names = (await readdir(dir)).filter((name) => /\.(json|ya?ml)$/i.test(name)).sort()
  } catch {
    return { profiles: [], problems: [] }
  }
  const profiles: Profile[] = []
  const problems: string[] = []
  for (const name of names) {
    try {
      profiles.push(await readProfileFile(join(dir, name)))
    } catch (error) {
      problems.push(`${join(dir, name)}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return { profiles, problems }
}
