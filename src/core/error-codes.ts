import { agentErrorCodes } from './error-codes/agents.js'
import { builtinToolErrorCodes } from './error-codes/builtin-tools.js'
import { callErrorCodes } from './error-codes/calls.js'
import { databaseErrorCodes } from './error-codes/database.js'
import type { ErrorCodeTable, ErrorKind } from './error-codes/error-code-info.js'
import { lspErrorCodes } from './error-codes/lsp.js'
import { mcpAndExtensionErrorCodes } from './error-codes/mcp-and-extensions.js'
import { storeAndSnapshotErrorCodes } from './error-codes/store-and-snapshot.js'
import { webAndProcessErrorCodes } from './error-codes/web-and-process.js'
import { webSearchErrorCodes } from './error-codes/web-search.js'
import { workspaceErrorCodes } from './error-codes/workspace.js'

export type { ErrorCodeInfo, ErrorCodeTable, ErrorKind } from './error-codes/error-code-info.js'

/**
 * Every code toolhost raises, with its kind, its meaning and the texts that explain it to the
 * model. `docs/error-codes.md` is generated from it (`npm run docs:error-codes`); tests check that
 * every code the sources use is here and every code here is used.
 */
export const errorCodes = {
  ...callErrorCodes,
  ...workspaceErrorCodes,
  ...webAndProcessErrorCodes,
  ...webSearchErrorCodes,
  ...mcpAndExtensionErrorCodes,
  ...agentErrorCodes,
  ...builtinToolErrorCodes,
  ...databaseErrorCodes,
  ...storeAndSnapshotErrorCodes,
  ...lspErrorCodes,
} as const satisfies ErrorCodeTable

/** A code of the registry. */
export type ErrorCode = keyof typeof errorCodes

type CodeOfKind<K extends ErrorKind> = {
  [C in ErrorCode]: (typeof errorCodes)[C]['kind'] extends K ? C : never
}[ErrorCode]

/** A code the model can act on, carried by an error result. */
export type RecoverableErrorCode = CodeOfKind<'recoverable'>
/** A code that ends the run. */
export type FatalErrorCode = CodeOfKind<'fatal'>
/** A code of a note for the person while tools or skills load. */
export type DiagnosticCode = CodeOfKind<'diagnostic'>

/** A code a tool defines for itself, `namespace.name` (such as `dice.bad_formula`). */
export type CustomErrorCode = `${string}.${string}` & {}
/** The code of a `ToolError`: a registered recoverable code, or a tool's own. */
export type ToolErrorCode = RecoverableErrorCode | CustomErrorCode

/**
 * The code an error result of toolhost's own may carry: a literal must be a registered recoverable
 * code; a code passed on in a variable (a `ToolError`'s code, a helper's parameter) goes through, and
 * `error-codes.test.ts` checks the literal it came from.
 */
export type ResultErrorCode<C extends string> = string extends C
  ? C
  : CustomErrorCode extends C
    ? C
    : C extends RecoverableErrorCode
      ? C
      : never

function codesOfKind<K extends ErrorKind>(kind: K): readonly CodeOfKind<K>[] {
  return (Object.keys(errorCodes) as ErrorCode[]).filter((code) => errorCodes[code].kind === kind) as CodeOfKind<K>[]
}

/** Recoverable codes come back to the model as results with `isError: true`. */
export const recoverableErrorCodes: readonly RecoverableErrorCode[] = codesOfKind('recoverable')
/** Fatal codes end the run. */
export const fatalErrorCodes: readonly FatalErrorCode[] = codesOfKind('fatal')
/** Codes of notes for the person while tools or skills load; the model never sees them. */
export const diagnosticCodes: readonly DiagnosticCode[] = codesOfKind('diagnostic')

/** Whether `code` is in the registry. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCodes, code)
}
