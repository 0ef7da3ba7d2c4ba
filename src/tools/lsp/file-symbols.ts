import { fillText } from '../../text/model-text.js'
import { counted } from '../../text/quantities.js'
import type { ToolCallContext, ToolOutput } from '../../tool/define-tool.js'
import { shownPath } from '../../workspace/normalize-path.js'
import { lspErrors } from './lsp-errors.js'
import { asLocation, asRange, isRecord } from './lsp-results.js'
import { askAboutFile } from './lsp-target.js'
import { lspTexts as texts } from './lsp-texts.js'
import { symbolKindName } from './symbol-kinds.js'

/** Outline entries listed at most. */
export const maxOutlineEntries = 500

/** One entry of a file's outline. */
interface OutlineEntry {
  readonly name: string
  readonly kind: string
  readonly line: number
  readonly depth: number
  readonly detail?: string
}

/** The outline of one file (`textDocument/documentSymbol`), nested as the server nests it. */
export function fileSymbols(ctx: ToolCallContext, filePath: string): Promise<ToolOutput> {
  return askAboutFile(ctx, filePath, async ({ server, path, document, timeoutMs, signal }) => {
    if (
      server.capabilities.documentSymbolProvider === undefined ||
      server.capabilities.documentSymbolProvider === false
    )
      throw lspErrors.notSupported(server.name, 'document symbols')
    const result = await server.request<unknown>(
      'textDocument/documentSymbol',
      { textDocument: { uri: document.uri } },
      { timeoutMs, signal },
    )
    const entries = outline(Array.isArray(result) ? result : [], document.uri)
    const shown = entries.slice(0, maxOutlineEntries)
    const structured = { path, total: entries.length, symbols: shown }
    if (entries.length === 0) {
      if (server.busyWith !== undefined) throw lspErrors.indexing(server.name, server.busyWith)
      return { content: fillText(texts.symbolsFileNone, { path: shownPath(path) }), structured }
    }
    const lines = [
      fillText(texts.symbolsFileHeader, { path: shownPath(path), count: counted(entries.length, 'symbol') }),
      ...shown.map(
        (e) =>
          `${'  '.repeat(e.depth)}${e.kind} ${e.name}${e.detail === undefined ? '' : ` ${e.detail}`}, line ${e.line}`,
      ),
      ...(entries.length > shown.length ? [fillText(texts.symbolsMore, { count: entries.length - shown.length })] : []),
    ]
    return { content: lines.join('\n'), structured }
  })
}

/** Flattens DocumentSymbol trees (depth from nesting) or SymbolInformation lists (of this file) in line order. */
function outline(items: readonly unknown[], uri: string): OutlineEntry[] {
  const entries: OutlineEntry[] = []
  const walk = (nodes: readonly unknown[], depth: number): void => {
    const sorted = nodes.filter(isRecord).sort((a, b) => startLine(a) - startLine(b))
    for (const node of sorted) {
      if (typeof node.name !== 'string') continue
      if (node.location !== undefined) {
        const location = asLocation(node.location)
        if (location !== undefined && location.uri !== uri) continue
      }
      const detail = typeof node.detail === 'string' && node.detail.trim() !== '' ? oneLine(node.detail) : undefined
      entries.push({
        name: oneLine(node.name),
        kind: symbolKindName(node.kind),
        line: startLine(node) + 1,
        depth,
        ...(detail !== undefined && { detail }),
      })
      if (Array.isArray(node.children)) walk(node.children, depth + 1)
    }
  }
  walk(items, 0)
  return entries
}

function startLine(node: Record<string, unknown>): number {
  const range =
    asRange(node.selectionRange) ??
    asRange(node.range) ??
    (isRecord(node.location) ? asRange(node.location.range) : undefined)
  return range?.start.line ?? 0
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 120 ? `${flat.slice(0, 120)}…` : flat
}
