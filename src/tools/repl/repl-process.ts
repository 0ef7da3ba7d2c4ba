import { realpathSync } from 'node:fs'
import { dirname } from 'node:path'
import { privateDirs } from '../../sandbox/bwrap-args.js'
import { startSandboxed, type SandboxedProcess } from '../../sandbox/run-sandboxed.js'
import type { SandboxMount } from '../../sandbox/sandbox-policy.js'
import { sharedNetwork } from '../../sandbox/shared-network.js'
import type { ToolCallContext } from '../../tool/define-tool.js'
import { sandboxForCall } from '../system/shell/sandbox-for-call.js'
import { javascriptServer } from './javascript-server.js'
import { pythonServer } from './python-server.js'
import type { ReplLanguage } from './repl-sessions.js'

/**
 * What starts a REPL server for `language` in the call's sandbox, as `system.shell` runs a command
 * (same policy, starting in the workspace root, in the run's shared network), with stdin kept open
 * for the requests. JavaScript runs on the node that runs toolhost, Python on `python` (the host's
 * python3, unbuffered and in UTF-8).
 */
export function replProcessStarter(
  ctx: ToolCallContext,
  bwrap: string,
  language: ReplLanguage,
  python: string | undefined,
): () => Promise<SandboxedProcess> {
  return async () => {
    const sandbox = await sandboxForCall(ctx, undefined)
    const shared =
      ctx.hostDirs === undefined ? undefined : await sharedNetwork(ctx.hostDirs.runDir, bwrap, sandbox.network)
    const argv =
      language === 'javascript'
        ? [process.execPath, '-e', javascriptServer]
        : [python ?? 'python3', '-u', '-X', 'utf8', '-c', pythonServer]
    const program = dirname(realpathSync(argv[0] ?? ''))
    const mounts = [...sandbox.policy.mounts, ...programMount(program, sandbox.policy.mounts)]
    return startSandboxed({ ...sandbox.policy, mounts }, argv, {
      bwrap,
      hide: sandbox.hide,
      stdin: 'pipe',
      ...(sandbox.network !== undefined && { network: sandbox.network }),
      ...(shared !== undefined && { sharedNetwork: shared }),
    })
  }
}

/** A read-only mount for the interpreter's directory when a private directory of the sandbox would hide it. */
function programMount(dir: string, mounts: readonly SandboxMount[]): SandboxMount[] {
  const inside = (parent: string) => dir === parent || dir.startsWith(`${parent}/`)
  return privateDirs.some(inside) && !mounts.some((mount) => inside(mount.hostDir))
    ? [{ hostDir: dir, access: 'read-only' }]
    : []
}
