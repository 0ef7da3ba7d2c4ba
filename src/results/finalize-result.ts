import type { AgentToolResult } from '../tool/agent-tool-result.js'
import type { ToolFile, ToolImage } from '../tool/define-tool.js'
import { externalizeIfLong } from './externalize-result.js'
import { ingestImages } from './ingest-images.js'
import { storeFiles } from './store-file.js'

/** A call's result before images and files are stored: both come back as bytes. */
export interface RawCallOutcome {
  readonly result: AgentToolResult
  readonly images: readonly ToolImage[]
  readonly files: readonly ToolFile[]
}

/** Where a call's files go and how its text is kept in bounds. */
export interface FinalizeOptions {
  /** The run's directory on the host: `tool-results/` and images go below it. */
  readonly runDir: string
  readonly invocationId: string
  readonly round: number
  /** Tools that page their own output keep it whole. */
  readonly pagesItself: boolean
  /** Longest text kept inline; longer text is externalized to a file with a preview. */
  readonly inlineCharLimit: number
  /** Builds the preview of externalized text, when the tool has its own. */
  readonly previewExternalized?: (content: string, path: string) => string
  /** Aliases of the tools the preview names for reading the rest (absent when not offered). */
  readonly aliases: {
    readonly readFile?: string | undefined
    readonly searchFiles?: string | undefined
    readonly shell?: string | undefined
  }
}

/** A model-ready result and the files written for it (relative to the run directory). */
export interface FinalizedResult {
  readonly result: AgentToolResult
  readonly stored: readonly string[]
}

/**
 * The results stage (DESIGN §9, §11): images normalized and stored (problems noted at the end),
 * binary files stored and referenced by path, long text externalized to a file with a preview.
 * The file notes follow the (possibly externalized) text, so the paths are always in view.
 * @throws the file system's error when a result file cannot be stored (fatal for the run)
 */
export async function finalizeResult(outcome: RawCallOutcome, options: FinalizeOptions): Promise<FinalizedResult> {
  const { result } = outcome
  const where = {
    runDir: options.runDir,
    invocationId: options.invocationId,
    round: options.round,
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
  if (!options.pagesItself) {
    const externalized = await externalizeIfLong({
      ...where,
      text: content,
      raw: result.structured ?? { content },
      limit: options.inlineCharLimit,
      aliases: options.aliases,
    })
    const [path] = externalized.resourceRefs
    content =
      externalized.externalized && path !== undefined && options.previewExternalized !== undefined
        ? options.previewExternalized(content, path)
        : externalized.content
    resourceRefs = [...resourceRefs, ...externalized.resourceRefs]
    stored.push(...externalized.resourceRefs)
  }
  if (files.length > 0) {
    content = `${content === '' ? '' : `${content}\n\n`}${files.map((file) => file.note).join('\n')}`
    resourceRefs = [...resourceRefs, ...files.map((file) => file.path)]
    stored.push(...files.map((file) => file.path))
  }
  return { result: { ...result, content, resourceRefs, images }, stored }
}
