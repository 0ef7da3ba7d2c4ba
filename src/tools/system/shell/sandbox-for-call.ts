import { existsSync, realpathSync } from 'node:fs'
import { homedir, userInfo } from 'node:os'
import { join } from 'node:path'
import { ToolError } from '../../../core/tool-error.js'
import { fillText, loadText } from '../../../text/model-text.js'
import type { ToolCallContext } from '../../../tool/define-tool.js'
import type { SandboxNetworkRules } from '../../../sandbox/network/network-proxy.js'
import type { SandboxMount, SandboxPolicy } from '../../../sandbox/sandbox-policy.js'

const workdirText = loadText(import.meta.url, '../../workspace/shell/texts/workdir.txt')

/** PATH when the host has none. */
const fallbackPath = '/usr/local/bin:/usr/bin:/bin'

/** Where and how a call's command runs: the sandbox policy, what to hide, and the network. */
export interface CallSandbox {
  readonly policy: SandboxPolicy
  /** The workspace root as a real host path, when it exists. */
  readonly root?: string
  readonly hide: readonly string[]
  readonly network?: SandboxNetworkRules
}

/**
 * The sandbox of a call: the workspace's mounts at their host paths with their access, the
 * workspace's hidden directories (toolhost's data) and the profile's `sandbox.hidePaths` hidden,
 * the profile's limits, an environment of PATH, HOME, USER, LANG, TERM and what `sandbox.env`
 * passes, and the network of `sandbox.allowedDomains`.
 * @throws ToolError `shell.invalid_workdir` when `workdir` is not a directory of the workspace
 */
export async function sandboxForCall(ctx: ToolCallContext, workdir: string | undefined): Promise<CallSandbox> {
  const settings = ctx.profile.sandbox
  const cwd = await workingDirectory(ctx, workdir ?? '/')
  const mounts: SandboxMount[] = ctx.workspace.mounts
    .filter((mount) => existsSync(mount.hostDir))
    .map((mount) => ({ hostDir: realpathSync(mount.hostDir), access: mount.access }))
  mounts.push(...gitControlFiles(mounts))
  const results = ctx.workspace.mounts.find((mount) => mount.at === 'tool-results')
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? fallbackPath,
    HOME: homedir(),
    USER: userInfo().username,
    LANG: process.env.LANG ?? 'C.UTF-8',
    TERM: 'dumb',
    TMPDIR: '/tmp',
    PAGER: 'cat',
    GIT_PAGER: 'cat',
    GIT_TERMINAL_PROMPT: '0',
    ...(results !== undefined && existsSync(results.hostDir) && { TOOL_RESULTS: realpathSync(results.hostDir) }),
  }
  for (const name of settings.env) {
    const value = process.env[name]
    if (value !== undefined) env[name] = value
  }
  const policy: SandboxPolicy = {
    mounts,
    cwd,
    env,
    limits: { cpuSeconds: settings.cpuSeconds, memoryMb: settings.memoryMb, fileSizeMb: 4096, openFiles: 4096 },
  }
  const hide = [
    ...ctx.workspace.hidden,
    ...(ctx.hostDirs === undefined ? [] : [ctx.hostDirs.stateDir]),
    ...settings.hidePaths,
  ]
  const rootMount = ctx.workspace.mounts.find((mount) => mount.at === '')
  const root = rootMount !== undefined && existsSync(rootMount.hostDir) ? realpathSync(rootMount.hostDir) : undefined
  const where = { policy, hide, ...(root !== undefined && { root }) }
  if (settings.allowedDomains.length === 0) return where
  return {
    ...where,
    network: { allowedDomains: settings.allowedDomains, allowPrivateHosts: ctx.profile.network.allowPrivateHosts },
  }
}

/**
 * The hooks and config of each writable mount's git repository, read-only: git runs them later
 * outside the sandbox (a person's commit runs the hooks, `core.fsmonitor` or an alias in the config
 * runs a program), so a command could otherwise plant what escapes it. Commits still work.
 */
function gitControlFiles(mounts: readonly SandboxMount[]): SandboxMount[] {
  return mounts
    .filter((mount) => mount.access === 'read-write')
    .flatMap((mount) => ['hooks', 'config', 'info'].map((name) => join(mount.hostDir, '.git', name)))
    .filter((path) => existsSync(path))
    .map((path) => ({ hostDir: realpathSync(path), access: 'read-only' as const }))
}

async function workingDirectory(ctx: ToolCallContext, workdir: string): Promise<string> {
  const invalid = () => new ToolError('shell.invalid_workdir', fillText(workdirText, { path: workdir }))
  let resolved
  try {
    resolved = await ctx.workspace.resolve(workdir, 'read')
  } catch (error) {
    if (error instanceof ToolError) throw error
    throw invalid()
  }
  const stat = await ctx.workspace.stat(resolved.path)
  if (stat?.kind !== 'directory') throw invalid()
  return realpathSync(resolved.hostPath)
}
