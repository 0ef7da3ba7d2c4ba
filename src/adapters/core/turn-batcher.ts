/** How one submitted item of a turn ended: its value, or the error its caller receives. */
export type Settled<Out> = { readonly ok: true; readonly value: Out } | { readonly ok: false; readonly error: unknown }

/**
 * Gathers items submitted together into one turn. A framework issues the tool calls of one model
 * step as separate, concurrent `execute` calls; the batcher collects every call that arrives in the
 * same macrotask (it flushes on `setImmediate`), runs them as one turn, and hands each caller its
 * own outcome. Turns never overlap: calls that arrive while a turn runs form the next one.
 *
 * @example
 * const batcher = new TurnBatcher<string, string>(async (items) => items.map((item) => ({ ok: true, value: item.toUpperCase() })))
 * const [a, b] = await Promise.all([batcher.submit('a'), batcher.submit('b')]) // one turn of ['a', 'b']
 */
export class TurnBatcher<In, Out> {
  readonly #runTurn: (items: readonly In[]) => Promise<readonly Settled<Out>[]>
  #waiting: { readonly item: In; readonly resolve: (value: Out) => void; readonly reject: (error: unknown) => void }[] =
    []
  #flushQueued = false
  #tail: Promise<void> = Promise.resolve()

  /** `runTurn` gets the items of one turn in submission order and returns one outcome per item, in that order. */
  constructor(runTurn: (items: readonly In[]) => Promise<readonly Settled<Out>[]>) {
    this.#runTurn = runTurn
  }

  /** Adds an item to the turn being gathered; settles with that item's outcome. */
  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject })
      if (this.#flushQueued) return
      this.#flushQueued = true
      setImmediate(() => {
        this.#flushQueued = false
        this.#tail = this.#tail.then(() => this.#drain())
      })
    })
  }

  /** Runs everything gathered so far as one turn (nothing when an earlier drain took it). */
  async #drain(): Promise<void> {
    const batch = this.#waiting
    this.#waiting = []
    if (batch.length === 0) return
    let outcomes: readonly Settled<Out>[]
    try {
      outcomes = await this.#runTurn(batch.map((entry) => entry.item))
    } catch (error) {
      for (const entry of batch) entry.reject(error)
      return
    }
    batch.forEach((entry, index) => {
      const outcome = outcomes[index]
      if (outcome === undefined) entry.reject(new Error('The turn returned no outcome for this call.'))
      else if (outcome.ok) entry.resolve(outcome.value)
      else entry.reject(outcome.error)
    })
  }
}
