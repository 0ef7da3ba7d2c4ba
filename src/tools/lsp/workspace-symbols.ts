import { ToolError } from '../../core/tool-error.js'
import { fillText } from '../../text/model-text.js'
import { counted } from '../../text/quantities.js'
import type { ToolCallContext, ToolOutput } from '../../tool/define-tool.js'
import { restrictedWorkspace } from '../workspace/files/restricted-workspace.js'
import { placeLine, placeRecord } from './format-place.js'
import { lspErrors } from './lsp-errors.js'
import { asLocation, isRecord } from './lsp-results.js'
import { askAboutFile, askWorkspace, type WorkspaceQuestion } from './lsp-target.js'
import { lspTexts as texts } from './lsp-texts.js'
import type { ShownPosition } from './places.js'
import { findServedFile } from './served-file.js'
import { enabledServers, serverForFile, type ServerChoice } from './server-choice.js'
import { symbolKindName } from './symbol-kinds.js'

/** Workspace symbols listed at most. */
export const maxListedSymbols = 100

interface FoundSymbol {
  readonly name: string
  readonly kind: string
  readonly container?: string
  readonly position: ShownPosition
}

/**
 * Symbols of the whole workspace whose names match `query` (`workspace/symbol`), asked of every
 * enabled server; a server that loads projects only for open files gets one of its files opened
 * first. Symbols in places the call may not see are left out.
 */
export async function workspaceSymbols(ctx: ToolCallContext, query: string): Promise<ToolOutput> {
  const answers = await Promise.allSettled(
    enabledServers(ctx.profile.lsp).map(([name, settings]) => {
      const choice: ServerChoice = { name, settings, languageId: '' }
      return askWorkspace(ctx, choice, async (question) => {
        if (question.server.documents.size > 0) return symbolsFrom(question, query)
        const file = await findServedFile(restrictedWorkspace(ctx), settings.extensions)
        // The file must be opened by this server, not by another that serves the same extension first.
        if (file === undefined || serverForFile(ctx.profile.lsp, file)?.name !== name)
          return symbolsFrom(question, query)
        return askAboutFile(ctx, file, (opened) => symbolsFrom(opened, query))
      })
    }),
  )
  const found = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value.symbols : []))
  const leftOut = answers.reduce((sum, a) => sum + (a.status === 'fulfilled' ? a.value.leftOut : 0), 0)
  const failures = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason as unknown] : []))
  if (found.length === 0 && failures.length > 0 && failures.length === answers.length) throw failures[0]
  const notes = failures.map((error) => (error instanceof ToolError ? error.message : String(error)))
  const sorted = found.sort((a, b) => rank(a, query) - rank(b, query) || a.name.localeCompare(b.name))
  const listed = sorted.slice(0, maxListedSymbols)
  const structured = {
    query,
    total: sorted.length,
    symbols: listed.map((s) => ({
      name: s.name,
      kind: s.kind,
      ...(s.container !== undefined && { container: s.container }),
      ...placeRecord(s.position),
    })),
    leftOut,
  }
  if (sorted.length === 0)
    return { content: [fillText(texts.symbolsQueryNone, { query }), ...notes].join('\n'), structured }
  const lines = [
    fillText(texts.symbolsQueryHeader, { query, count: counted(sorted.length, 'symbol') }),
    ...listed.map(
      (s) => `${s.kind} ${s.name}${s.container === undefined ? '' : ` (in ${s.container})`} — ${placeLine(s.position)}`,
    ),
    ...(sorted.length > listed.length ? [fillText(texts.symbolsMore, { count: sorted.length - listed.length })] : []),
    ...(leftOut > 0 ? [fillText(texts.leftOut, { count: leftOut })] : []),
    ...notes,
  ]
  return { content: lines.join('\n'), structured }
}

async function symbolsFrom(
  { server, places, timeoutMs, signal }: WorkspaceQuestion,
  query: string,
): Promise<{ symbols: FoundSymbol[]; leftOut: number }> {
  if (
    server.capabilities.workspaceSymbolProvider === undefined ||
    server.capabilities.workspaceSymbolProvider === false
  )
    throw lspErrors.notSupported(server.name, 'workspace symbols')
  const result = await server.request<unknown>('workspace/symbol', { query }, { timeoutMs, signal })
  const symbols: FoundSymbol[] = []
  let leftOut = 0
  for (const item of Array.isArray(result) ? result : []) {
    if (!isRecord(item) || typeof item.name !== 'string') continue
    const location =
      asLocation(item.location) ??
      (isRecord(item.location) && typeof item.location.uri === 'string'
        ? asLocation({
            uri: item.location.uri,
            range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
          })
        : undefined)
    if (location === undefined) continue
    const position = await places.position(location.uri, location.range)
    if (position.place.kind === 'hidden') {
      leftOut++
      continue
    }
    symbols.push({
      name: item.name,
      kind: symbolKindName(item.kind),
      ...(typeof item.containerName === 'string' && item.containerName !== '' && { container: item.containerName }),
      position,
    })
  }
  if (symbols.length === 0 && leftOut === 0 && server.busyWith !== undefined)
    throw lspErrors.indexing(server.name, server.busyWith)
  return { symbols, leftOut }
}

/** Exact names first, then names starting with the query, then the rest; workspace files before others. */
function rank(symbol: FoundSymbol, query: string): number {
  const name = symbol.name.toLowerCase()
  const q = query.toLowerCase()
  const match = name === q ? 0 : name.startsWith(q) ? 1 : 2
  return match * 2 + (symbol.position.place.kind === 'workspace' ? 0 : 1)
}
