import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { testCallContext } from '../../../../../test/call-context.js'
import { tempDir } from '../../../../../test/temp-dir.js'
import { builtinAlias } from '../../../../snapshot/tool-alias.js'
import type { ToolCallContext } from '../../../../tool/define-tool.js'
import { parseToolId } from '../../../../core/tool-id.js'
import { createWorkspace } from '../../../../workspace/create-workspace.js'
import type { Workspace } from '../../../../workspace/workspace.js'

export { callTool, failure } from '../../../../../test/tool-calls.js'

/** A project directory with a read-only `tool-results/` mount, a directory outside, and a call context over them. */
export interface FileToolsSetup {
  readonly project: string
  readonly outside: string
  readonly results: string
  readonly workspace: Workspace
  readonly ctx: ToolCallContext
  /** Writes a file of the project (host side), creating directories. */
  put(path: string, content: string | Uint8Array): void
  /** The bytes of a project file (host side). */
  bytes(path: string): Buffer
  /** The text of a project file (host side). */
  text(path: string): string
}

/** A fresh workspace where every builtin is offered under its builtin alias (`workspace_read_file`…). */
export function fileToolsSetup(): FileToolsSetup {
  const project = tempDir('toolhost-files-')
  const outside = tempDir('toolhost-files-outside-')
  const results = tempDir('toolhost-files-results-')
  writeFileSync(join(results, 'r.txt'), 'result\n')
  writeFileSync(join(outside, 'secret.txt'), 'secret\n')
  const workspace = createWorkspace([
    { at: '', hostDir: project, access: 'read-write' },
    { at: 'tool-results', hostDir: results, access: 'read-only' },
  ])
  const ctx = testCallContext({ workspace, has: () => true, alias: (id) => builtinAlias(parseToolId(id).nativeName) })
  return {
    project,
    outside,
    results,
    workspace,
    ctx,
    put: (path, content) => {
      mkdirSync(dirname(join(project, path)), { recursive: true })
      writeFileSync(join(project, path), content)
    },
    bytes: (path) => readFileSync(join(project, path)),
    text: (path) => readFileSync(join(project, path), 'utf8'),
  }
}
