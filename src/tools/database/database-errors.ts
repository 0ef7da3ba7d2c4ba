import { ToolError } from '../../core/tool-error.js'
import { cutShort, fillText } from '../../text/model-text.js'
import { databaseTexts as texts } from './database-texts.js'

/** What the errors of one call name: the connection, and the alias `database.schema` has in the snapshot. */
export interface ErrorContext {
  readonly name: string
  readonly schema: string
}

/** A database message as the model reads it: on one line, cut when long. */
function problemText(message: string): string {
  return cutShort(message.replace(/\s+/g, ' ').trim().replace(/\.$/, ''), 500)
}

/** The connection is not in the profile; the message lists those that are. */
export function unknownConnection(name: string, names: readonly string[]): ToolError {
  return new ToolError(
    'database.unknown_connection',
    fillText(texts.unknownConnection, { name: cutShort(name, 100), names: names.join(', ') }),
  )
}

/** The connection URL names an environment variable that is not set. */
export function missingVariable(name: string, variable: string): ToolError {
  return new ToolError('database.missing_variable', fillText(texts.missingVariable, { name, variable }), { variable })
}

/** The database cannot be opened or reached; `target` names it without secrets. */
export function connectionFailed(name: string, target: string, message: string): ToolError {
  return new ToolError(
    'database.connection_failed',
    fillText(texts.connectionFailed, { name, target, problem: problemText(message) }),
  )
}

/** The PostgreSQL login can become a role that reaches the server's files and programs. */
export function unsafeRole(name: string, roles: readonly string[]): ToolError {
  const shown = roles.length > 5 ? [...roles.slice(0, 5), `${roles.length - 5} more`] : roles
  return new ToolError('database.unsafe_role', fillText(texts.unsafeRole, { name, roles: shown.join(', ') }), {
    roles: [...roles],
  })
}

/** The database refused a statement that would write or change something. */
export function readOnlyViolation(name: string, problem: string): ToolError {
  return new ToolError('database.read_only', fillText(texts.readOnly, { name, problem: problemText(problem) }))
}

/** What SQLite's authorizer denied, as the `problem` of {@link readOnlyViolation}. */
export function refusedActionText(refused: { readonly kind: 'write' | 'other'; readonly action: string }): string {
  return refused.kind === 'write' ? texts.refusedActionWrite : fillText(texts.refusedAction, { action: refused.action })
}

/** The connection's role may not read a table or call a function. */
export function permissionDenied(context: ErrorContext, message: string): ToolError {
  return new ToolError(
    'database.permission_denied',
    fillText(texts.permissionDenied, { name: context.name, problem: problemText(message), schema: context.schema }),
  )
}

/** More than one statement in one call. */
export function multipleStatements(): ToolError {
  return new ToolError('database.multiple_statements', texts.multipleStatements)
}

/** The statement ran past the connection's statement timeout. */
export function queryTimeout(name: string, timeoutMs: number): ToolError {
  return new ToolError('database.timeout', fillText(texts.timeout, { name, seconds: timeoutMs / 1000 }), {
    timeoutMs,
  })
}

/** Another error the database reported; `hint` is the database's own hint, if any. */
export function queryFailed(context: ErrorContext, message: string, hint?: string): ToolError {
  return new ToolError(
    'database.query_failed',
    fillText(texts.queryFailed, {
      name: context.name,
      problem: problemText(message),
      hint: hint === undefined || hint === '' ? '' : ` (hint: ${problemText(hint)})`,
      schema: context.schema,
    }),
  )
}

/** `database.schema` was asked about a table the database does not have. */
export function unknownTable(context: ErrorContext, table: string): ToolError {
  return new ToolError(
    'database.unknown_table',
    fillText(texts.unknownTable, { name: context.name, table: cutShort(table, 200), schema: context.schema }),
  )
}
