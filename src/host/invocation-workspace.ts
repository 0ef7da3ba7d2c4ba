import { join } from 'node:path'
import type { Scope } from '../core/scope.js'
import { createWorkspace } from '../workspace/create-workspace.js'
import type { Mount } from '../workspace/mount.js'
import type { Workspace } from '../workspace/workspace.js'

/**
 * The workspace of an invocation (DESIGN §10): in session scope the project directory read-write
 * at the root; in chat scope the run's own `workspace/` directory. Both see the run's
 * `tool-results/` read-only, and `skills/` read-only when there is a skills directory (only the
 * listed skill folders, when a list is given). The data directory is hidden from every mount that holds it.
 */
export function invocationWorkspace(
  scope: Scope,
  dirs: {
    readonly projectDir: string
    readonly runDir: string
    readonly skillsDir?: string
    readonly skills?: readonly string[]
    readonly dataDir?: string
  },
): Workspace {
  const mounts: Mount[] = [
    { at: '', hostDir: scope === 'session' ? dirs.projectDir : join(dirs.runDir, 'workspace'), access: 'read-write' },
    { at: 'tool-results', hostDir: join(dirs.runDir, 'tool-results'), access: 'read-only' },
  ]
  const { skillsDir, skills } = dirs
  // With a list, only those skill folders are visible (profile skills.visible / skills.deny).
  if (skillsDir !== undefined && skills === undefined)
    mounts.push({ at: 'skills', hostDir: skillsDir, access: 'read-only' })
  if (skillsDir !== undefined && skills !== undefined)
    for (const name of skills)
      mounts.push({ at: `skills/${name}`, hostDir: join(skillsDir, name), access: 'read-only' })
  // The data directory (store, profiles, runs) is out of reach wherever it lies, even inside the project.
  return createWorkspace(mounts, { hidden: dirs.dataDir === undefined ? [] : [dirs.dataDir] })
}
