import type { Submittable } from 'pg'
import { binaryCell, RowCollector, textCell, type Cell, type Column, type QueryRows } from './query-rows.js'

/** The parts of pg's connection a {@link LimitedRead} writes to. */
interface WireConnection {
  parse(query: { text: string; name: string; types: number[] }, more?: boolean): void
  bind(config: { portal: string; statement: string; values: (string | null)[]; binary: boolean }, more?: boolean): void
  describe(message: { type: 'P'; name: string }, more?: boolean): void
  execute(config: { portal: string; rows: number }, more?: boolean): void
  flush(): void
  sync(): void
  sendCopyFail(message: string): void
}

interface RowDescription {
  readonly fields: readonly { readonly name: string; readonly dataTypeID: number }[]
}

/** The type oids read as something other than text. */
const oids = { bool: 16, bytea: 17, int8: 20, int2: 21, int4: 23, oid: 26, float4: 700, float8: 701 } as const

/**
 * One statement through PostgreSQL's extended protocol (Parse, Bind, Describe, Execute with a row
 * limit), for `pg`'s `client.query`. The extended protocol takes a single statement, so
 * `COMMIT; INSERT …` cannot leave the read-only transaction the way the simple protocol would let
 * it. Execute asks for `limit + 1` rows: when the portal is suspended there are more, and the read
 * stops there instead of fetching them. Cells arrive as text and become {@link Cell}s.
 */
export class LimitedRead implements Submittable {
  /** Set before `client.query`; `pg` wraps it for its timeouts. */
  callback: (
    error: Error | undefined,
    rows?: Omit<QueryRows, 'columns'> & { readonly typeOids: number[]; readonly names: string[] },
  ) => void = () => undefined
  readonly #text: string
  readonly #values: (string | null)[]
  readonly #collector: RowCollector
  readonly #limit: number
  #fields: RowDescription['fields'] = []
  #error: Error | undefined
  #started = 0

  constructor(text: string, values: readonly (string | null)[], limit: number) {
    this.#text = text
    this.#values = [...values]
    this.#limit = limit
    this.#collector = new RowCollector(limit)
  }

  submit(connection: unknown): void {
    const wire = connection as WireConnection
    this.#started = performance.now()
    wire.parse({ text: this.#text, name: '', types: [] }, true)
    wire.bind({ portal: '', statement: '', values: this.#values, binary: false }, true)
    wire.describe({ type: 'P', name: '' }, true)
    wire.execute({ portal: '', rows: this.#limit + 1 }, true)
    wire.flush()
  }

  handleRowDescription(message: RowDescription): void {
    this.#fields = message.fields
  }

  handleDataRow(message: { readonly fields: readonly (string | null)[] }): void {
    if (this.#collector.truncated) return
    this.#collector.add(message.fields.map((value, index) => cellOf(value, this.#fields[index]?.dataTypeID ?? 0)))
  }

  handlePortalSuspended(connection: unknown): void {
    this.#collector.truncated = true
    ;(connection as WireConnection).sync()
  }

  handleCommandComplete(_message: unknown, connection: unknown): void {
    ;(connection as WireConnection).sync()
  }

  handleEmptyQuery(connection: unknown): void {
    ;(connection as WireConnection).sync()
  }

  handleCopyInResponse(connection: unknown): void {
    ;(connection as WireConnection).sendCopyFail('COPY FROM STDIN is not supported')
  }

  handleCopyData(): void {}

  handleError(error: Error, connection: unknown): void {
    if (this.#error !== undefined) return
    this.#error = error
    // The server skips everything up to a Sync after an error; without one it would never answer again.
    try {
      ;(connection as WireConnection).sync()
    } catch {
      // The connection is gone; its own error ends the call.
    }
    this.callback(error)
  }

  handleReadyForQuery(): void {
    if (this.#error !== undefined) return
    this.callback(undefined, {
      rows: this.#collector.rows,
      truncated: this.#collector.truncated,
      cutForSize: this.#collector.cutForSize,
      durationMs: Math.round(performance.now() - this.#started),
      typeOids: this.#fields.map((field) => field.dataTypeID),
      names: this.#fields.map((field) => field.name),
    })
  }
}

/** Runs a {@link LimitedRead} on a `pg` client; `started` gets it, e.g. to cancel it. */
export function readLimited(
  client: { query(submittable: Submittable): unknown },
  text: string,
  values: readonly (string | null)[],
  limit: number,
  started: (read: LimitedRead) => void = () => undefined,
): Promise<{
  rows: QueryRows['rows']
  truncated: boolean
  cutForSize: boolean
  durationMs: number
  names: string[]
  typeOids: number[]
}> {
  return new Promise((resolve, reject) => {
    const read = new LimitedRead(text, values, limit)
    read.callback = (error, rows) => (error !== undefined || rows === undefined ? reject(error) : resolve(rows))
    started(read)
    client.query(read)
  })
}

/** Columns from names and type names (looked up by oid). */
export function columnsOf(
  names: readonly string[],
  typeOids: readonly number[],
  typeNames: ReadonlyMap<number, string>,
): Column[] {
  return names.map((name, index) => ({ name, type: typeNames.get(typeOids[index] ?? 0) ?? '' }))
}

/** A text-format value of type `oid` as a cell: numbers and booleans as such, bytea by its size, the rest as text. */
export function cellOf(value: string | null, oid: number): Cell {
  if (value === null) return null
  switch (oid) {
    case oids.bool:
      return value === 't'
    case oids.bytea:
      // Hex output: `\x` and two digits a byte.
      return binaryCell(value.startsWith('\\x') ? (value.length - 2) / 2 : value.length)
    case oids.int2:
    case oids.int4:
    case oids.oid:
    case oids.float4:
    case oids.float8: {
      const number = Number(value)
      return Number.isFinite(number) ? number : value
    }
    case oids.int8: {
      const number = Number(value)
      return Number.isSafeInteger(number) ? number : value
    }
    default:
      return textCell(value)
  }
}
