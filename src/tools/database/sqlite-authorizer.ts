import { constants } from 'node:sqlite'

/**
 * The SQLite authorizer of `database.query`: SQLite asks it about every action a statement would
 * take while compiling it, and anything but reading is denied. With the file opened read-only and
 * `query_only`, this is the third lock, and the one that also stops what those two let through:
 * `ATTACH` (which would open any file on the host, toolhost's own store included), `VACUUM INTO`
 * (which attaches the file it writes), `PRAGMA` settings, and functions that reach outside the
 * database (`load_extension`).
 */

/** What the authorizer denied, for the error the model reads. */
export interface RefusedAction {
  /** `write`: the statement would change data or the schema; `other`: an action named in `action`. */
  readonly kind: 'write' | 'other'
  /** The action as people name it: `ATTACH`, `PRAGMA query_only`, `the function load_extension()`. */
  readonly action: string
}

/** Pragmas that only describe the schema; their argument is a table or index name, never a setting. */
const schemaPragmas = new Set([
  'table_info',
  'table_xinfo',
  'table_list',
  'index_list',
  'index_info',
  'index_xinfo',
  'foreign_key_list',
])

/** Functions that reach outside the database or change the process (most are not even compiled in). */
const refusedFunctions = new Set(['load_extension', 'fts3_tokenizer', 'readfile', 'writefile', 'edit'])

const writes = new Set([
  constants.SQLITE_CREATE_INDEX,
  constants.SQLITE_CREATE_TABLE,
  constants.SQLITE_CREATE_TEMP_INDEX,
  constants.SQLITE_CREATE_TEMP_TABLE,
  constants.SQLITE_CREATE_TEMP_TRIGGER,
  constants.SQLITE_CREATE_TEMP_VIEW,
  constants.SQLITE_CREATE_TRIGGER,
  constants.SQLITE_CREATE_VIEW,
  constants.SQLITE_CREATE_VTABLE,
  constants.SQLITE_DELETE,
  constants.SQLITE_DROP_INDEX,
  constants.SQLITE_DROP_TABLE,
  constants.SQLITE_DROP_TEMP_INDEX,
  constants.SQLITE_DROP_TEMP_TABLE,
  constants.SQLITE_DROP_TEMP_TRIGGER,
  constants.SQLITE_DROP_TEMP_VIEW,
  constants.SQLITE_DROP_TRIGGER,
  constants.SQLITE_DROP_VIEW,
  constants.SQLITE_DROP_VTABLE,
  constants.SQLITE_INSERT,
  constants.SQLITE_UPDATE,
  constants.SQLITE_ALTER_TABLE,
  constants.SQLITE_REINDEX,
  constants.SQLITE_ANALYZE,
])

const named: Readonly<Record<number, string>> = {
  [constants.SQLITE_ATTACH]: 'ATTACH (opening another database file)',
  [constants.SQLITE_DETACH]: 'DETACH',
  [constants.SQLITE_TRANSACTION]: 'BEGIN, COMMIT or ROLLBACK',
  [constants.SQLITE_SAVEPOINT]: 'SAVEPOINT',
  [constants.SQLITE_COPY]: 'COPY',
}

/**
 * Decides one action SQLite asks about (the arguments of `sqlite3_set_authorizer`'s callback):
 * `undefined` allows it, a {@link RefusedAction} denies it. Unknown actions are denied.
 */
export function refusedAction(action: number, first: string | null, second: string | null): RefusedAction | undefined {
  switch (action) {
    case constants.SQLITE_SELECT:
    case constants.SQLITE_READ:
    case constants.SQLITE_RECURSIVE:
      return undefined
    case constants.SQLITE_FUNCTION: {
      const name = (second ?? '').toLowerCase()
      return refusedFunctions.has(name) ? { kind: 'other', action: `the function ${name}()` } : undefined
    }
    case constants.SQLITE_PRAGMA: {
      const name = (first ?? '').toLowerCase()
      return schemaPragmas.has(name) ? undefined : { kind: 'other', action: `PRAGMA ${name}` }
    }
    default:
      if (writes.has(action)) return { kind: 'write', action: 'a write' }
      return { kind: 'other', action: named[action] ?? `an action SQLite numbers ${action}` }
  }
}
