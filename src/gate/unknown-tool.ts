import { snapshotIndex } from '../snapshot/snapshot-index.js'
import type { Snapshot } from '../snapshot/snapshot.js'
import type { SnapshotBinding } from '../snapshot/snapshot-binding.js'
import { echoRaw } from '../tool/tool-arguments.js'
import type { ToolId } from '../core/tool-id.js'
import { fillText, loadText } from '../text/model-text.js'
import { counted } from '../text/quantities.js'
import { didYouMean } from './did-you-mean.js'

const texts = {
  unknownTool: loadText(import.meta.url, 'texts/unknown-tool.txt'),
  deferredNote: loadText(import.meta.url, 'texts/unknown-tool-deferred-note.txt'),
  unknownDeferred: loadText(import.meta.url, 'texts/unknown-deferred-tool.txt'),
}

/** Most aliases an unknown-tool message lists. */
const listedAliasLimit = 40

/**
 * The model-facing text for a name the snapshot does not have (DESIGN §6 step 2). It lists the
 * tools offered to the model, never the deferred ones (there may be thousands); near misses are
 * taken from the tools the model may call by that route.
 */
export class UnknownToolText {
  readonly #offered: readonly string[]
  readonly #deferred: readonly SnapshotBinding[]
  readonly #aliasOf: (toolId: string) => string | undefined
  readonly #searchAlias: string

  constructor(snapshot: Snapshot, metaToolIds: readonly ToolId[], searchId: ToolId) {
    this.#offered = snapshot.bindings.filter((b) => b.deferred !== true).map((b) => b.alias)
    this.#deferred = snapshot.bindings.filter((b) => b.deferred === true && !metaToolIds.includes(b.toolId))
    this.#aliasOf = snapshotIndex(snapshot).aliasOf
    this.#searchAlias = this.#aliasOf(searchId) ?? searchId
  }

  /** For a direct call: the offered aliases, near misses among them and the deferred tools found so far. */
  direct(name: string, discovered: ReadonlySet<ToolId>): string {
    const found = this.#deferred.filter((b) => discovered.has(b.toolId)).map((b) => b.alias)
    const available =
      this.#offered.slice(0, listedAliasLimit).join(', ') +
      (this.#offered.length > listedAliasLimit ? ` and ${this.#offered.length - listedAliasLimit} more` : '')
    return fillText(texts.unknownTool, {
      name: echoRaw(name),
      suggestion: this.#suggestion(name, [...this.#offered, ...found]),
      available: this.#offered.length === 0 ? 'none' : available,
      deferred:
        this.#deferred.length === 0
          ? ''
          : fillText(texts.deferredNote, {
              more: counted(this.#deferred.length, 'more tool'),
              search: this.#searchAlias,
            }),
    })
  }

  /** For a name given to `tools_call`: near misses among every deferred tool. */
  viaCall(name: string): string {
    return fillText(texts.unknownDeferred, {
      name: echoRaw(name),
      suggestion: this.#suggestion(
        name,
        this.#deferred.map((b) => b.alias),
      ),
      search: this.#searchAlias,
    })
  }

  #suggestion(name: string, candidates: readonly string[]): string {
    // A model that calls a tool by its stable id gets that tool's alias.
    const byId = this.#aliasOf(name)
    const near = byId === undefined ? didYouMean(name, candidates) : [byId]
    return near.length > 0 ? ` Did you mean ${near.map((a) => `"${a}"`).join(' or ')}?` : ''
  }
}
