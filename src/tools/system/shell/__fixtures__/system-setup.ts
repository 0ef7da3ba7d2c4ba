import { afterAll, describe } from 'vitest'
import { stopBackgroundCommands } from '../../../background/index.js'
import type { Profile } from '../../../../profile/profile-schema.js'
import type { SandboxSettings } from '../../../../profile/sandbox-settings.js'
import { probeSandbox } from '../../../../sandbox/detect-sandbox.js'
import type { ToolCallContext } from '../../../../tool/define-tool.js'
import { tempDir } from '../../../../../test/temp-dir.js'
import { setupIn } from './system-context.js'

export { run, setupIn, type SystemShellInput } from './system-context.js'

const support = await probeSandbox(process.platform, process.env.PATH)

/**
 * `describe` for suites that run real commands: where the sandbox does not work (no bubblewrap)
 * the suite is reported skipped under a name that says why. `.ci/run` installs bubblewrap.
 */
export function describeWithSandbox(name: string, body: () => void): void {
  if (support.available) describe(name, body)
  else describe.skip(`${name} (skipped: ${support.reason})`, body)
}

/** A workspace over fresh directories, a run directory and a state directory, as a host gives them. */
export function setup(
  sandbox: Partial<SandboxSettings> = {},
  network: Partial<Profile['network']> = {},
): {
  ctx: ToolCallContext
  root: string
  runDir: string
  dataDir: string
} {
  const dataDir = tempDir('toolhost-system-data-')
  const root = tempDir('toolhost-system-root-')
  const made = setupIn(dataDir, root, sandbox, network)
  afterAll(() => stopBackgroundCommands(made.runDir))
  return made
}
