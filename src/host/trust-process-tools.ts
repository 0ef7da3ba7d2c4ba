import { stat } from 'node:fs/promises'
import { specFilesToTrust, type SpecToTrust } from '../process/spec-files-to-trust.js'
import { trustSpecs } from '../process/trusted-specs.js'
import type { HostContext } from './host-context.js'

/**
 * Trusts process tool specs as they are now (see `ToolHost.trustProcessTools`): spec files and
 * directories, or without paths the host's own process tool directories that exist.
 * @throws Error naming a path that is missing, unreadable or too large
 */
export async function trustProcessTools(host: HostContext, paths?: readonly string[]): Promise<SpecToTrust[]> {
  const existing = paths ?? (await existingDirs(host.processDirs))
  const specs = await specFilesToTrust(existing)
  trustSpecs(host.dataDir, specs)
  return specs
}

/** The directories of `dirs` that exist (the default process tool directory often does not). */
async function existingDirs(dirs: readonly string[]): Promise<string[]> {
  const found: string[] = []
  for (const dir of dirs) if ((await stat(dir).catch(() => undefined))?.isDirectory() === true) found.push(dir)
  return found
}
