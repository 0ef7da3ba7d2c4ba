import { sha256Hex } from '../../../workspace/sha256.js'
import { applyHunks } from './apply-hunks.js'
import { splitLines } from './file-lines.js'
import type { PatchOperation } from './parse-patch.js'
import { fileExists, fileNotFound, notAFile, notText, pathTaken } from './patch-errors.js'

/** What validation found at a normalized workspace path before anything is written. */
export type FileState =
  | {
      readonly kind: 'file'
      /** Hex SHA-256 of the file's bytes. */
      readonly sha256: string
      /** The content, or `undefined` when the bytes are not UTF-8 text. */
      readonly text: string | undefined
    }
  | { readonly kind: 'directory' | 'other' | 'missing' }

/**
 * One write of a plan. Every step names the state it expects (compare-and-swap): a content hash,
 * or `null` for "no file here".
 */
export type PatchStep =
  | { readonly kind: 'write'; readonly path: string; readonly text: string; readonly expectedSha256: string | null }
  | { readonly kind: 'remove'; readonly path: string; readonly expectedSha256: string }
  | {
      readonly kind: 'move'
      readonly from: string
      readonly to: string
      readonly expectedSha256: string
      /** What is at `to` now: it is replaced (a move overwrites its destination). */
      readonly destinationSha256: string | null
    }

/** The outcome of one operation, as the result reports it. `from` is the old path of a move. */
export interface FileChange {
  readonly path: string
  readonly action: 'add' | 'update' | 'delete' | 'move'
  readonly from?: string
  readonly added: number
  readonly removed: number
}

/** A validated patch: per operation, its reported change and the steps that make it, in patch order. */
export interface PatchPlan {
  readonly entries: ReadonlyArray<{ readonly change: FileChange; readonly steps: readonly PatchStep[] }>
}

/**
 * Validates a parsed patch against the current files and computes every write, without touching
 * anything. Operations apply in order to a virtual copy of the tree, so a later operation sees
 * the earlier ones (delete then add the same path, update a file twice). An add needs a free path;
 * a move replaces whatever file is at its destination. `current` holds the state of every path
 * in `operations` (normalized) and of their parent directories; absent paths count as missing.
 * @throws ToolError `patch.file_not_found`, `patch.file_exists`, `patch.context_not_found`, `patch.not_text`
 */
export function planPatch(operations: readonly PatchOperation[], current: ReadonlyMap<string, FileState>): PatchPlan {
  const tree = new VirtualTree(current)
  return { entries: operations.map((operation) => planOperation(operation, tree)) }
}

function planOperation(operation: PatchOperation, tree: VirtualTree): PatchPlan['entries'][number] {
  const { path } = operation
  if (operation.kind === 'add') {
    tree.checkCreatable(path, true)
    const text = operation.lines.map((line) => `${line}\n`).join('')
    tree.setFile(path, text)
    return {
      change: { path, action: 'add', added: operation.lines.length, removed: 0 },
      steps: [{ kind: 'write', path, text, expectedSha256: null }],
    }
  }
  const source = tree.existingFile(path, operation.kind)
  if (operation.kind === 'delete') {
    tree.set(path, { kind: 'missing' })
    const removed = source.text === undefined ? 0 : splitLines(source.text).lines.length
    return {
      change: { path, action: 'delete', added: 0, removed },
      steps: [{ kind: 'remove', path, expectedSha256: source.sha256 }],
    }
  }
  let text = source.text
  if (operation.hunks.length > 0) {
    if (text === undefined) throw notText(path)
    text = applyHunks(path, text, operation.hunks)
  }
  const lines = operation.hunks.flatMap((hunk) => hunk.lines)
  const counts = {
    added: lines.filter((line) => line.op === '+').length,
    removed: lines.filter((line) => line.op === '-').length,
  }
  const changed = text !== source.text
  const to = operation.moveTo ?? path
  if (to === path) {
    if (text !== undefined) tree.setFile(path, text)
    const steps: PatchStep[] =
      changed && text !== undefined ? [{ kind: 'write', path, text, expectedSha256: source.sha256 }] : []
    return { change: { path, action: 'update', ...counts }, steps }
  }
  tree.checkCreatable(to, false)
  const destination = tree.get(to)
  const steps: PatchStep[] = [
    {
      kind: 'move',
      from: path,
      to,
      expectedSha256: source.sha256,
      destinationSha256: destination.kind === 'file' ? destination.sha256 : null,
    },
  ]
  if (changed && text !== undefined) steps.push({ kind: 'write', path: to, text, expectedSha256: source.sha256 })
  tree.set(path, { kind: 'missing' })
  if (text === undefined) tree.set(to, source)
  else tree.setFile(to, text)
  return { change: { path: to, action: 'move', from: path, ...counts }, steps }
}

/** The tree as the operations so far leave it. */
class VirtualTree {
  readonly #states: Map<string, FileState>

  constructor(current: ReadonlyMap<string, FileState>) {
    this.#states = new Map(current)
  }

  get(path: string): FileState {
    return this.#states.get(path) ?? { kind: 'missing' }
  }

  /** Records what the patch leaves at `path`; the parent directories of a file now exist. */
  set(path: string, state: FileState): void {
    if (state.kind === 'file') for (const parent of parents(path)) this.#states.set(parent, { kind: 'directory' })
    this.#states.set(path, state)
  }

  setFile(path: string, text: string): void {
    this.set(path, { kind: 'file', sha256: sha256Hex(text), text })
  }

  /** The file an update or delete works on. */
  existingFile(path: string, verb: 'update' | 'delete'): Extract<FileState, { kind: 'file' }> {
    const state = this.get(path)
    if (state.kind === 'missing') throw fileNotFound(path, verb)
    if (state.kind !== 'file') throw notAFile(path)
    return state
  }

  /** Checks that a file may be created at `path`: no directory there, no file where a parent directory must be. */
  checkCreatable(path: string, mustBeFree: boolean): void {
    const state = this.get(path)
    if (state.kind === 'file' && mustBeFree) throw fileExists(path)
    if (state.kind === 'directory' || state.kind === 'other' || path === '')
      throw pathTaken(path, 'a directory or special file is there')
    for (const parent of parents(path)) {
      const kind = this.get(parent).kind
      if (kind === 'file' || kind === 'other') throw pathTaken(path, `${parent} is a file, not a directory`)
    }
  }
}

/** The parent directories of a normalized path, outermost first: `a/b/c` → `a`, `a/b`. */
export function parents(path: string): string[] {
  const segments = path.split('/')
  return segments.slice(1).map((_segment, index) => segments.slice(0, index + 1).join('/'))
}
