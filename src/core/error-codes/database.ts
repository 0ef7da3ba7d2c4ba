import type { ErrorCodeTable } from './error-code-info.js'

/** Codes of `database.query` and `database.schema`. */
export const databaseErrorCodes = {
  'database.unknown_connection': {
    kind: 'recoverable',
    meaning: "The connection name is not one of the profile's databases; the text lists them.",
    texts: ['tools/database/texts/unknown-connection.txt'],
  },
  'database.missing_variable': {
    kind: 'recoverable',
    meaning: 'The connection URL names an environment variable (`${NAME}`) that is not set.',
    texts: ['tools/database/texts/missing-variable.txt'],
  },
  'database.connection_failed': {
    kind: 'recoverable',
    meaning: 'The database cannot be opened or reached (no such file, server down, login refused).',
    texts: ['tools/database/texts/connection-failed.txt'],
  },
  'database.unsafe_role': {
    kind: 'recoverable',
    meaning:
      'The PostgreSQL login can act as a superuser or a member of pg_execute_server_program, pg_read_server_files or pg_write_server_files; nothing runs.',
    texts: ['tools/database/texts/unsafe-role.txt'],
  },
  'database.read_only': {
    kind: 'recoverable',
    meaning:
      'The statement would write, change the schema or the connection, or attach another file; the database refused it.',
    texts: [
      'tools/database/texts/read-only.txt',
      'tools/database/texts/refused-action.txt',
      'tools/database/texts/refused-action-write.txt',
    ],
  },
  'database.permission_denied': {
    kind: 'recoverable',
    meaning: "The database refused the connection's role access to a table or function.",
    texts: ['tools/database/texts/permission-denied.txt'],
  },
  'database.multiple_statements': {
    kind: 'recoverable',
    meaning: 'The query holds more than one statement.',
    texts: ['tools/database/texts/multiple-statements.txt'],
  },
  'database.timeout': {
    kind: 'recoverable',
    meaning: "The statement ran longer than the connection's `statementTimeoutMs` and was stopped.",
    texts: ['tools/database/texts/timeout.txt'],
  },
  'database.query_failed': {
    kind: 'recoverable',
    meaning: 'The database reported another error (syntax, unknown table or column, a type mismatch).',
    texts: ['tools/database/texts/query-failed.txt'],
  },
  'database.unknown_table': {
    kind: 'recoverable',
    meaning: 'The table or view `database.schema` was asked about is not in the database.',
    texts: ['tools/database/texts/unknown-table.txt'],
  },
} as const satisfies ErrorCodeTable
