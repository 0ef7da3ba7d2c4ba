import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ToolCallContext, ToolOutput } from '../../../../tool/define-tool.js'
import { createWorkspace } from '../../../../workspace/create-workspace.js'
import { testCallContext } from '../../../../../test/call-context.js'
import { tempDir } from '../../../../../test/temp-dir.js'
import { shellTool } from '../shell.js'

/** A workspace over fresh temporary directories: the root read-write, `tool-results` read-only. */
export function setup(): { ctx: ToolCallContext; root: string; results: string } {
  const root = tempDir('toolhost-shell-root-')
  const results = tempDir('toolhost-shell-results-')
  writeFileSync(join(results, 'old.txt'), 'kept\n')
  const workspace = createWorkspace([
    { at: '', hostDir: root, access: 'read-write' },
    { at: 'tool-results', hostDir: results, access: 'read-only' },
  ])
  return { ctx: testCallContext({ toolId: 'builtin:workspace.shell', workspace }), root, results }
}

/** The tool's input. */
export type ShellInput = { command: string; workdir?: string; timeout_ms?: number }

/** Calls the tool directly, as the host would after validating the input. */
export async function run(ctx: ToolCallContext, input: ShellInput | string): Promise<ToolOutput> {
  const result = shellTool.call(typeof input === 'string' ? { command: input } : input, ctx)
  if (!(result instanceof Promise)) throw new Error('workspace.shell should return a promise')
  return result
}
