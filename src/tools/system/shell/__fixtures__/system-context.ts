import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { defaultProfile } from '../../../../profile/default-profile.js'
import type { Profile } from '../../../../profile/profile-schema.js'
import type { SandboxSettings } from '../../../../profile/sandbox-settings.js'
import type { ToolCallContext, ToolOutput } from '../../../../tool/define-tool.js'
import { createWorkspace } from '../../../../workspace/create-workspace.js'
import { testCallContext } from '../../../../../test/call-context.js'
import { systemShellTool } from '../system-shell.js'

/** A workspace, run directory and state directory over given directories, as a host gives them. */
export function setupIn(
  dataDir: string,
  root: string,
  sandbox: Partial<SandboxSettings> = {},
  network: Partial<Profile['network']> = {},
): { ctx: ToolCallContext; root: string; runDir: string; dataDir: string } {
  const runDir = join(dataDir, 'runs', 'run_1')
  const results = join(runDir, 'tool-results')
  mkdirSync(results, { recursive: true })
  const workspace = createWorkspace(
    [
      { at: '', hostDir: root, access: 'read-write' },
      { at: 'tool-results', hostDir: results, access: 'read-only' },
    ],
    { hidden: [dataDir] },
  )
  const profile: Profile = {
    ...defaultProfile,
    sandbox: { ...defaultProfile.sandbox, ...sandbox },
    network: { ...defaultProfile.network, ...network },
  }
  const ctx = testCallContext({
    toolId: 'builtin:system.shell',
    workspace,
    profile,
    hostDirs: { runDir, stateDir: join(dataDir, 'state') },
  })
  return { ctx, root, runDir, dataDir }
}

/** The tool's input. */
export type SystemShellInput = { command: string; workdir?: string; timeout_ms?: number; run_in_background?: boolean }

/** Calls the tool directly, as the host would after validating the input. */
export async function run(ctx: ToolCallContext, input: SystemShellInput | string): Promise<ToolOutput> {
  const result = systemShellTool.call(typeof input === 'string' ? { command: input } : input, ctx)
  if (!(result instanceof Promise)) throw new Error('system.shell should return a promise')
  return result
}
