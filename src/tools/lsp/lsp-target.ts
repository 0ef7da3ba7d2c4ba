import { realpath } from 'node:fs/promises'
import type { ToolCallContext } from '../../tool/define-tool.js'
import { restrictedWorkspace } from '../workspace/files/restricted-workspace.js'
import type { Workspace } from '../../workspace/workspace.js'
import { notFoundError, statRegularFile } from '../workspace/files/file-errors.js'
import { pathToUri } from './file-uri.js'
import type { LanguageServer } from './language-server.js'
import { lspErrors } from './lsp-errors.js'
import type { OpenDocument } from './open-documents.js'
import { PlaceFinder } from './places.js'
import { servedExtensions, serverForFile, type ServerChoice } from './server-choice.js'
import { withLanguageServer, type ServerPlace } from './server-pool.js'

/** What a tool's question about one file works with. */
export interface FileQuestion {
  readonly server: LanguageServer
  /** The file's workspace path. */
  readonly path: string
  readonly document: OpenDocument
  readonly places: PlaceFinder
  readonly timeoutMs: number
  readonly signal: AbortSignal
}

/** What a tool's question about the whole workspace works with. */
export interface WorkspaceQuestion {
  readonly server: LanguageServer
  readonly places: PlaceFinder
  readonly timeoutMs: number
  readonly signal: AbortSignal
}

/**
 * Runs `ask` against the server for `filePath`, with the file open at the server as it is on disk
 * now. The path is resolved like the file tools resolve it (never outside the workspace or in
 * toolhost's state, deny rules applied to symlinks).
 * @throws ToolError `lsp.unknown_language` when no enabled server serves the file's extension; the workspace's errors for bad paths
 */
export async function askAboutFile<T>(
  ctx: ToolCallContext,
  filePath: string,
  ask: (question: FileQuestion) => Promise<T>,
): Promise<T> {
  const workspace = restrictedWorkspace(ctx)
  const resolved = await workspace.resolve(filePath, 'read')
  const choice = serverForFile(ctx.profile.lsp, resolved.realPath)
  if (choice === undefined) throw lspErrors.unknownLanguage(resolved.path, servedExtensions(ctx.profile.lsp))
  const stat = await statRegularFile({ ...ctx, workspace }, resolved.path)
  if (stat === undefined) throw notFoundError(resolved.path, '')
  const hostPath = await realpath(resolved.hostPath)
  return withLanguageServer(choice, await serverPlace(workspace), ctx.profile.lsp, async (server) => {
    const uri = pathToUri(hostPath)
    const document = await server.documents.sync(uri, choice.languageId, {
      mtimeMs: stat.mtimeMs,
      size: stat.size,
      read: async () => (await workspace.readFile(resolved.path)).toString('utf8'),
    })
    await server.warmUp(uri, document.sentAt, limits(ctx))
    const places = new PlaceFinder(workspace, new Map([[uri, document.text]]))
    return ask({ server, path: resolved.path, document, places, ...limits(ctx) })
  })
}

/** Runs `ask` against the server `choice` names, for a question about the whole workspace. */
export async function askWorkspace<T>(
  ctx: ToolCallContext,
  choice: ServerChoice,
  ask: (question: WorkspaceQuestion) => Promise<T>,
): Promise<T> {
  const workspace = restrictedWorkspace(ctx)
  return withLanguageServer(choice, await serverPlace(workspace), ctx.profile.lsp, (server) =>
    ask({ server, places: new PlaceFinder(workspace), ...limits(ctx) }),
  )
}

function limits(ctx: ToolCallContext) {
  return { timeoutMs: ctx.profile.lsp.requestTimeoutSec * 1000, signal: ctx.signal }
}

/** The workspace root's real host path, and how server text is kept from naming toolhost's own directories. */
async function serverPlace(workspace: Workspace): Promise<ServerPlace> {
  const rootMount = workspace.mounts.find((mount) => mount.at === '') ?? workspace.mounts[0]
  if (rootMount === undefined) throw new Error('the workspace has no mounts')
  const root = await realpath(rootMount.hostDir)
  const hidden = [...workspace.hidden].sort()
  const spellings = [...hidden].sort((a, b) => b.length - a.length)
  return {
    root,
    hidden,
    redact: (text) => spellings.reduce((shown, dir) => shown.split(dir).join('<toolhost state>'), text),
  }
}
