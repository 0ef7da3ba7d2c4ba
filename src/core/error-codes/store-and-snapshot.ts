import type { ErrorCodeTable } from './error-code-info.js'

/** Codes of the store and of stored state (both end the run), and of snapshot building (notes for the person). */
export const storeAndSnapshotErrorCodes = {
  'store.open_failed': {
    kind: 'fatal',
    meaning: 'The database file cannot be opened or set up (not a database, no WAL support, no permission).',
  },
  'store.schema_mismatch': {
    kind: 'fatal',
    meaning: 'The database was written by a newer toolhost, or its migration history differs from this one.',
  },
  'store.migration_failed': {
    kind: 'fatal',
    meaning: 'A migration step failed; the database stays at the last version that applied.',
  },
  'store.corrupt_row': {
    kind: 'fatal',
    meaning: 'A row holds a value that does not fit its column (bad JSON, wrong shape).',
  },
  'store.not_found': {
    kind: 'fatal',
    meaning: 'No record with that id (memory tools turn it into memory.not_found).',
  },
  'store.conflict': {
    kind: 'fatal',
    meaning: 'The record is not in the state the operation needs (for example resolving a decided approval).',
  },
  'store.invalid_value': {
    kind: 'fatal',
    meaning:
      'An argument cannot be stored (an unsafe id, a value JSON cannot represent, a bad event); memory tools turn it into memory.invalid.',
  },
  'state.newer_version': {
    kind: 'fatal',
    meaning: 'A stored checkpoint or snapshot was written by a newer toolhost; upgrade toolhost to read it.',
  },
  'state.unreadable': {
    kind: 'fatal',
    meaning: 'A stored checkpoint or snapshot fits no schema of its version (damaged, or not written by toolhost).',
  },
  'snapshot.invalid_alias': {
    kind: 'diagnostic',
    meaning: 'The tool has no name the protocol accepts; it is not offered.',
  },
  'snapshot.alias_changed': {
    kind: 'diagnostic',
    meaning: 'The tool is offered under another name, because its own is taken or too long.',
  },
  'snapshot.schema_changed': {
    kind: 'diagnostic',
    meaning: "The protocol's schema compiler dropped or rewrote parts of the tool's input schema.",
  },
  'snapshot.scope_mismatch': {
    kind: 'diagnostic',
    meaning: "The profile names a tool that does not serve the invocation's scope; it is not offered.",
  },
  'snapshot.tool_unconfigured': {
    kind: 'diagnostic',
    meaning:
      'The profile names a tool that needs settings it does not have (a database, a search backend, a language server); it is not offered.',
  },
  'snapshot.tools_deferred': {
    kind: 'diagnostic',
    meaning: 'The tool definitions are over the deferral budget; some tools are offered behind tools_search.',
  },
} as const satisfies ErrorCodeTable
