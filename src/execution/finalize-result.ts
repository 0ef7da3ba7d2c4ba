import { snapshotIndex } from '../snapshot/snapshot-index.js'
import type { CatalogTool } from '../catalog/catalog-tool.js'
import { runPostToolHooks } from '../permissions/hooks/run-post-tool-hooks.js'
import { externalizeIfLong } from '../results/externalize-result.js'
import { ingestImages } from '../results/ingest-images.js'
import { storeFiles } from '../results/store-file.js'
import type { AgentToolResult } from '../tool/agent-tool-result.js'
import { fillText, loadText } from '../text/model-text.js'
import type { RawCallOutcome } from './run-call.js'
import type { TurnContext } from './turn-context.js'

const postHookBlocked = loadText(import.meta.url, 'texts/post-hook-blocked.txt')

/**
 * Makes a call's result model-ready (DESIGN §9, §11): images normalized and stored (problems noted
 * at the end), binary files stored and referenced by path, long text externalized to a file with a
 * preview, then post-tool hooks may add context. The file notes follow the (possibly externalized)
 * text, so the paths are always in view.
 * @throws the file system's error when a result file cannot be stored (fatal for the run)
 */
export async function finalizeResult(
  outcome: RawCallOutcome,
  tool: CatalogTool,
  alias: string,
  input: Record<string, unknown>,
  context: TurnContext,
): Promise<AgentToolResult> {
  const { result } = outcome
  const where = {
    runDir: context.runDir,
    invocationId: context.invocationId,
    round: context.round,
    callId: result.callId,
  }
  let content = result.content
  const stored: string[] = []
  let images = result.images
  if (outcome.images.length > 0) {
    const ingested = await ingestImages(outcome.images, where)
    images = ingested.images
    stored.push(...images.map((image) => image.path))
    if (ingested.note !== undefined) content = `${content}\n\n${ingested.note}`
  }
  const files = await storeFiles(outcome.files, where)
  let resourceRefs = result.resourceRefs
  if (!tool.pagesItself) {
    const { aliasOf } = snapshotIndex(context.snapshot)
    const externalized = await externalizeIfLong({
      ...where,
      text: content,
      raw: result.structured ?? { content },
      limit: Math.min(context.profile().tools.inlineCharLimit, tool.inlineCharLimit ?? Infinity),
      aliases: {
        readFile: aliasOf('builtin:workspace.read_file'),
        searchFiles: aliasOf('builtin:workspace.search_files'),
        shell: aliasOf('builtin:workspace.shell'),
      },
    })
    const [path] = externalized.resourceRefs
    content =
      externalized.externalized && path !== undefined && tool.previewExternalized !== undefined
        ? tool.previewExternalized(content, path)
        : externalized.content
    resourceRefs = [...resourceRefs, ...externalized.resourceRefs]
    stored.push(...externalized.resourceRefs)
  }
  if (files.length > 0) {
    content = `${content === '' ? '' : `${content}\n\n`}${files.map((file) => file.note).join('\n')}`
    resourceRefs = [...resourceRefs, ...files.map((file) => file.path)]
    stored.push(...files.map((file) => file.path))
  }
  if (stored.length > 0) context.recorder.stored(result.callId, tool.id, stored)

  const post = await runPostToolHooks(
    context.hooks,
    {
      event: 'post_tool',
      toolId: tool.id,
      alias,
      callId: result.callId,
      input,
      result: {
        content,
        isError: result.isError,
        ...(result.errorCode !== undefined && { errorCode: result.errorCode }),
      },
      runId: context.runId,
      invocationId: context.invocationId,
    },
    context.signal,
  )
  if (post.blocked !== undefined)
    content = `${content}\n\n${fillText(postHookBlocked, { reason: post.blocked.reason })}`
  if (post.additionalContext !== undefined && post.additionalContext !== '')
    content = `${content}\n\n${post.additionalContext}`
  return { ...result, content, resourceRefs, images }
}
