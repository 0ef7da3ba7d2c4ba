import type { SchemaDrop } from '../protocols/protocol.js'
import { joinPointer } from './json-pointer.js'

/** Records that `keyword` of the schema at `path` was removed or rewritten, and why. */
export type DropKeyword = (path: string, keyword: string, reason: string) => void

/** Collects the changes a schema pass makes, in the order it makes them. */
export interface DropRecorder {
  /** Every change recorded so far. */
  readonly dropped: SchemaDrop[]
  /** Records a change to one keyword; its pointer is `path` + `keyword`. */
  readonly drop: DropKeyword
  /** Records a change whose pointer is not `path` + `keyword` (a whole property, say). */
  readonly record: (entry: SchemaDrop) => void
}

/** A new, empty {@link DropRecorder}. */
export function dropRecorder(): DropRecorder {
  const dropped: SchemaDrop[] = []
  return {
    dropped,
    drop: (path, keyword, reason) => {
      dropped.push({ path: joinPointer(path, keyword), keyword, reason })
    },
    record: (entry) => {
      dropped.push(entry)
    },
  }
}
