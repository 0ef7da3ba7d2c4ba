import { tmpdir } from 'node:os'
import { findGit } from './changes/find-git.js'
import { gitEnvironment } from './changes/git-env.js'
import { probeSandbox } from './detect-sandbox.js'
import { findExecutable } from '../spawn/find-executable.js'

/** One finding of a health check: what was checked, how it stands, and what to do about it. */
export interface HealthCheck {
  readonly name: string
  /** `fail`: a feature is off; `warn`: it works with less. */
  readonly status: 'ok' | 'warn' | 'fail'
  readonly detail: string
}

/**
 * What real commands need on this machine: bubblewrap (else system.shell is not offered), nsenter
 * (else a run's commands do not share a network, so a server started in the background cannot be
 * reached from a later call) and git (else results do not name the files a command changed).
 */
export async function sandboxChecks(): Promise<HealthCheck[]> {
  // Probed afresh: a stored result is what a start uses, not what a check should report.
  const support = await probeSandbox(process.platform, process.env.PATH)
  const path = process.env.PATH ?? ''
  const git = await findGit(path, gitEnvironment(tmpdir(), path))
  const nsenter = findExecutable('nsenter', process.env.PATH)
  return [
    support.available
      ? { name: 'command sandbox', status: 'ok', detail: `bubblewrap at ${support.bwrap}; system.shell is offered` }
      : { name: 'command sandbox', status: 'fail', detail: `system.shell is not offered: ${support.reason}` },
    nsenter === undefined
      ? {
          name: 'shared network',
          status: 'warn',
          detail:
            "nsenter is missing (Debian: util-linux), so each command gets a network of its own and a server started in the background cannot be reached from the run's later commands",
        }
      : { name: 'shared network', status: 'ok', detail: `the commands of a run share one network (${nsenter})` },
    'unavailable' in git
      ? {
          name: 'change reports',
          status: 'warn',
          detail: `results do not name the files a command changed: ${git.unavailable}`,
        }
      : { name: 'change reports', status: 'ok', detail: `git ${git.version} records what commands change` },
  ]
}
