import { startSandboxed, type SandboxedProcess } from '../../sandbox/run-sandboxed.js'
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
    // startSandboxed shows the interpreter's directory where a private /tmp would hide it.
    return startSandboxed(sandbox.policy, argv, {
      bwrap,
      hide: sandbox.hide,
      stdin: 'pipe',
      ...(sandbox.network !== undefined && { network: sandbox.network }),
      ...(shared !== undefined && { sharedNetwork: shared }),
    })
  }
}
