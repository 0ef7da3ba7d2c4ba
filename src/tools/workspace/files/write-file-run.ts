import type { ToolCallContext, ToolOutput } from '../../../tool/define-tool.js'
import { fillText } from '../../../text/model-text.js'
import { shownPath } from '../../../workspace/normalize-path.js'
import { detectFileKind } from './binary-detection.js'
import { decodeFileText, encodeFileText } from './file-text.js'
import { counted, formatBytes } from '../../../text/quantities.js'
import { adoptLineEnding, countLines, dominantLineEnding } from './line-endings.js'
import { requireFreshRead } from './require-fresh-read.js'
import { fileTexts } from './texts.js'
import { commitWrite, prepareWriteTarget } from './write-target.js'

/** The arguments of `workspace.write_file`. */
export interface WriteFileArgs {
  readonly file_path: string
  readonly content: string
  readonly mode?: 'replace' | 'append' | undefined
}

/** Runs `workspace.write_file` (see `writeFileTool`): loaded with its first call. */
export async function writeFileRun(
  { file_path, content, mode = 'replace' }: WriteFileArgs,
  ctx: ToolCallContext,
): Promise<ToolOutput> {
  const { path, stat } = await prepareWriteTarget(ctx, file_path)
  const shown = shownPath(path)
  if (stat === undefined) {
    const bytes = Buffer.from(content, 'utf8')
    await commitWrite(ctx, path, bytes, null, true)
    const lines = countLines(content)
    const values = { path: shown, lines: counted(lines, 'line'), bytes: formatBytes(bytes.length) }
    return {
      content: fillText(fileTexts.writeCreated, values),
      structured: { path, action: 'created', lines, bytes: bytes.length, totalLines: lines },
    }
  }
  const current = await ctx.workspace.readFile(path)
  const record = requireFreshRead(ctx, path, current, 'full')
  const existing = decodeFileText(current)
  const isText = !detectFileKind(current).binary
  const ending = isText ? dominantLineEnding(existing.text) : '\n'
  const body = adoptLineEnding(content, ending)
  const keepBom = mode === 'replace' && isText && existing.bom && !body.startsWith('\uFEFF')
  const added = mode === 'append' ? Buffer.from(body, 'utf8') : encodeFileText(body, keepBom)
  const bytes = mode === 'append' ? Buffer.concat([current, added]) : added
  const lines = countLines(body)
  const totalLines = countLines(decodeFileText(bytes).text)
  const structured = { path, lines, bytes: added.length, totalLines }
  if (bytes.equals(current)) {
    return {
      content: fillText(fileTexts.writeUnchanged, { path: shown }),
      structured: { ...structured, action: 'unchanged' },
    }
  }
  await commitWrite(ctx, path, bytes, record.sha256, true)
  const kept = keptFormat(body !== content, keepBom)
  const values = {
    path: shown,
    lines: counted(lines, 'line'),
    bytes: formatBytes(added.length),
    total: counted(totalLines, 'line'),
    kept,
  }
  const action = mode === 'append' ? 'appended' : 'replaced'
  return {
    content: fillText(mode === 'append' ? fileTexts.writeAppended : fileTexts.writeReplaced, values),
    structured: { ...structured, action },
  }
}

function keptFormat(crlf: boolean, bom: boolean): string {
  const what = [crlf ? 'CRLF line endings' : '', bom ? 'byte-order mark' : '']
    .filter((part) => part !== '')
    .join(' and ')
  return what === '' ? '' : fillText(fileTexts.keptFormat, { what })
}
