import type { DatabaseSync } from 'node:sqlite'
import { RowReader, runReturning, type Row } from './row-reader.js'
import { explainSqliteError } from './sqlite-errors.js'
import { StoreError } from './store-error.js'
import type { Transaction } from './transaction.js'

/** States of a one-time code: `replaced` when a newer code was issued for the same request. */
export const oneTimeCodeStatuses = ['active', 'used', 'locked', 'replaced'] as const

/** A one-time code's state. */
export type OneTimeCodeStatus = (typeof oneTimeCodeStatuses)[number]

/** A stored code: never the code itself, only its salted hash. */
export interface OneTimeCodeRecord {
  readonly id: number
  readonly approvalId: string
  readonly conversationId: string
  readonly salt: Uint8Array
  readonly hash: Uint8Array
  readonly status: OneTimeCodeStatus
  readonly failedAttempts: number
  readonly createdAt: number
  readonly expiresAt: number
  /** When it was used, locked or replaced. */
  readonly endedAt: number | null
}

/** A code to store. */
export interface NewOneTimeCode {
  readonly approvalId: string
  readonly conversationId: string
  readonly salt: Uint8Array
  readonly hash: Uint8Array
  readonly createdAt: number
  readonly expiresAt: number
}

/**
 * Rows of `one_time_codes`. The policy (code format, expiry, tries, hashing) lives in
 * `permissions/approvals/one-time-code.ts`; this is only storage with atomic state changes.
 */
export interface OneTimeCodeTable {
  /** Stores a code for a request, superseding (`replaced`) the request's earlier code in one transaction. */
  replace(code: NewOneTimeCode): OneTimeCodeRecord
  /** The codes not superseded in a conversation, optionally of one request only; oldest first. */
  current(filter: { readonly conversationId: string; readonly approvalId?: string }): OneTimeCodeRecord[]
  /** Counts a wrong try on an active code; the `limit`-th locks it. Undefined when it was not active any more. */
  recordFailure(id: number, limit: number, at: number): OneTimeCodeRecord | undefined
  /** Marks an active code used. False when it was not active (used, locked or replaced meanwhile). */
  markUsed(id: number, at: number): boolean
}

const columns =
  'id, approval_id, conversation_id, salt, hash, status, failed_attempts, created_at, expires_at, ended_at'

/** The one-time code table over one connection. */
export function oneTimeCodeTable(db: DatabaseSync, transaction: Transaction): OneTimeCodeTable {
  const supersede = db.prepare(
    "UPDATE one_time_codes SET status = 'replaced', ended_at = ? WHERE approval_id = ? AND status <> 'replaced'",
  )
  const insert =
    db.prepare(`INSERT INTO one_time_codes (approval_id, conversation_id, salt, hash, status, created_at, expires_at)
    VALUES (?, ?, ?, ?, 'active', ?, ?) RETURNING ${columns}`)
  const ofConversation = db.prepare(
    `SELECT ${columns} FROM one_time_codes WHERE conversation_id = ? AND status <> 'replaced' ORDER BY id`,
  )
  const ofRequest = db.prepare(
    `SELECT ${columns} FROM one_time_codes WHERE conversation_id = ? AND approval_id = ? AND status <> 'replaced' ORDER BY id`,
  )
  const fail = db.prepare(`UPDATE one_time_codes
    SET failed_attempts = failed_attempts + 1,
        status = CASE WHEN failed_attempts + 1 >= ?1 THEN 'locked' ELSE status END,
        ended_at = CASE WHEN failed_attempts + 1 >= ?1 THEN ?2 ELSE ended_at END
    WHERE id = ?3 AND status = 'active' RETURNING ${columns}`)
  const use = db.prepare("UPDATE one_time_codes SET status = 'used', ended_at = ? WHERE id = ? AND status = 'active'")

  return {
    replace(code) {
      return transaction(() => {
        try {
          supersede.run(code.createdAt, code.approvalId)
          const row = runReturning(
            insert,
            code.approvalId,
            code.conversationId,
            code.salt,
            code.hash,
            code.createdAt,
            code.expiresAt,
          )
          if (row === undefined)
            throw new StoreError(
              'store.corrupt_row',
              `one-time code of approval ${code.approvalId}: the insert returned no row`,
            )
          return readCode(row)
        } catch (error) {
          throw explainSqliteError(
            error,
            `cannot store a one-time code for approval ${code.approvalId} (does the request exist?)`,
          )
        }
      })
    },

    current({ conversationId, approvalId }) {
      const rows =
        approvalId === undefined ? ofConversation.all(conversationId) : ofRequest.all(conversationId, approvalId)
      return rows.map(readCode)
    },

    recordFailure(id, limit, at) {
      const row = runReturning(fail, limit, at, id)
      return row === undefined ? undefined : readCode(row)
    },

    markUsed(id, at) {
      return Number(use.run(at, id).changes) === 1
    },
  }
}

function readCode(row: Row): OneTimeCodeRecord {
  const read = new RowReader(row, `one_time_codes row id=${String(row.id)}`)
  return {
    id: read.integer('id'),
    approvalId: read.text('approval_id'),
    conversationId: read.text('conversation_id'),
    salt: read.bytes('salt'),
    hash: read.bytes('hash'),
    status: read.oneOf('status', oneTimeCodeStatuses),
    failedAttempts: read.integer('failed_attempts'),
    createdAt: read.integer('created_at'),
    expiresAt: read.integer('expires_at'),
    endedAt: read.integerOrNull('ended_at'),
  }
}
