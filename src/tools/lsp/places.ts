import { realpathSync } from 'node:fs'
import { relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ToolError } from '../../core/tool-error.js'
import type { Workspace } from '../../workspace/workspace.js'
import { isInside } from '../../workspace/verified-open.js'
import { columnOf, splitLines, type LspRange } from './positions.js'

/**
 * Where a result points: a workspace file (with its path and, when read, the line's text), a file
 * outside the workspace (only its name is shown: a library's or the language's own files), or a
 * place the call may not see (toolhost's own state, a path a deny rule covers), which is left out.
 */
export type Place =
  | { readonly kind: 'workspace'; readonly path: string }
  | { readonly kind: 'outside'; readonly name: string }
  | { readonly kind: 'hidden' }

/** A result's position, 1-based, in characters. */
export interface ShownPosition {
  readonly place: Place
  readonly line: number
  readonly column: number
  /** The line's text for a workspace file, cut when long. */
  readonly text?: string
}

const maxLineChars = 200

/**
 * Finds what results name for one call: places of URIs, and lines of workspace files (each file
 * read once per call).
 */
export class PlaceFinder {
  readonly #workspace: Workspace
  readonly #places = new Map<string, Promise<Place>>()
  readonly #lines = new Map<string, Promise<readonly string[] | undefined>>()
  readonly #known = new Map<string, readonly string[]>()

  /** `known` gives lines of files whose text the call already has (the file it asks about). */
  constructor(workspace: Workspace, known: ReadonlyMap<string, string> = new Map()) {
    this.#workspace = workspace
    for (const [uri, text] of known) this.#known.set(uri, splitLines(text))
  }

  /** The place `uri` names. */
  place(uri: string): Promise<Place> {
    let found = this.#places.get(uri)
    if (found === undefined) {
      found = placeOf(this.#workspace, uri)
      this.#places.set(uri, found)
    }
    return found
  }

  /** A range's start as the model reads it: 1-based line and character column, with the line's text. */
  async position(uri: string, range: LspRange): Promise<ShownPosition> {
    const place = await this.place(uri)
    const line = range.start.line + 1
    if (place.kind !== 'workspace') return { place, line, column: range.start.character + 1 }
    const lines = this.#known.get(uri) ?? (await this.#linesOf(place.path))
    const text = lines?.[range.start.line]
    if (text === undefined) return { place, line, column: range.start.character + 1 }
    const shown = text.trim()
    return {
      place,
      line,
      column: columnOf(text, range.start.character),
      text: shown.length > maxLineChars ? `${shown.slice(0, maxLineChars)}…` : shown,
    }
  }

  #linesOf(path: string): Promise<readonly string[] | undefined> {
    let found = this.#lines.get(path)
    if (found === undefined) {
      found = this.#workspace.readFile(path).then(
        (bytes) => splitLines(bytes.toString('utf8')),
        () => undefined,
      )
      this.#lines.set(path, found)
    }
    return found
  }
}

/** Where a URI from a server leads, judged with the workspace's own checks. */
async function placeOf(workspace: Workspace, uri: string): Promise<Place> {
  let hostPath: string
  try {
    hostPath = fileURLToPath(uri)
  } catch {
    return { kind: 'outside', name: nameOf(uri) }
  }
  const real = realOrSelf(hostPath)
  if (workspace.hidden.some((dir) => isInside(dir, hostPath) || isInside(dir, real))) return { kind: 'hidden' }
  const path = workspacePathOf(workspace, hostPath) ?? workspacePathOf(workspace, real)
  if (path === undefined) return { kind: 'outside', name: nameOf(hostPath) }
  try {
    const resolved = await workspace.resolve(path, 'read')
    const restricted = workspace.restricted
    if (restricted?.(resolved.path) === 'deny' || restricted?.(resolved.realPath) === 'deny') return { kind: 'hidden' }
    return { kind: 'workspace', path: resolved.path }
  } catch (error) {
    if (error instanceof ToolError && error.code === 'workspace.path_outside')
      return { kind: 'outside', name: nameOf(hostPath) }
    return { kind: 'hidden' }
  }
}

/** The workspace path of a host path inside one of the mounts (the deepest), or undefined. */
function workspacePathOf(workspace: Workspace, hostPath: string): string | undefined {
  let best: { at: string; inner: string; depth: number } | undefined
  for (const mount of workspace.mounts) {
    for (const dir of new Set([mount.hostDir, realOrSelf(mount.hostDir)])) {
      if (!isInside(dir, hostPath)) continue
      const depth = dir.split(sep).length
      if (best === undefined || depth > best.depth)
        best = { at: mount.at, inner: relative(dir, hostPath).split(sep).join('/'), depth }
    }
  }
  if (best === undefined) return undefined
  return [best.at, best.inner].filter((part) => part !== '').join('/')
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

function nameOf(pathOrUri: string): string {
  const trimmed = pathOrUri.replace(/[/\\]+$/, '')
  return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1) || trimmed
}
