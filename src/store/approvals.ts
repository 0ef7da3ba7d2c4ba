import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import { checkSafeId, newId } from './ids.js'
import { RowReader, runReturning, toJson, type Row } from './row-reader.js'
import { explainSqliteError } from './sqlite-errors.js'
import { StoreError } from './store-error.js'

/** The states of an approval request; only `pending` ever changes. */
export const approvalStatuses = ['pending', 'allowed', 'denied', 'expired'] as const

/** An approval request's state. */
export type ApprovalStatus = (typeof approvalStatuses)[number]

/** A durable approval request and, once decided, its decision. */
export interface ApprovalRecord {
  /** `apr_<hex20>`. */
  readonly id: string
  readonly runId: string
  readonly invocationId: string
  readonly callId: string
  readonly toolId: string
  readonly alias: string
  /** The exact input of the call. */
  readonly input: unknown
  /** The tool's one-line description of the call for people, when it gave one. */
  readonly title: string | null
  readonly reason: string
  /** The rule that asked, if one did. */
  readonly rule: string | null
  /** The rule "allow always" adds to the profile. */
  readonly alwaysRule: string | null
  readonly status: ApprovalStatus
  /** For `allowed`: once, or always (the caller adds `alwaysRule`). */
  readonly decision: 'once' | 'always' | null
  /** For `denied`: what the model is told. */
  readonly message: string | null
  readonly approver: string | null
  readonly createdAt: number
  readonly decidedAt: number | null
}

/** What creating a request takes; the id is generated when absent. */
export interface NewApproval {
  readonly id?: string
  readonly runId: string
  readonly invocationId: string
  readonly callId: string
  readonly toolId: string
  readonly alias: string
  readonly input: unknown
  readonly title?: string | null
  readonly reason: string
  readonly rule?: string | null
  readonly alwaysRule?: string | null
}

/** A decision on a pending request. */
export type ApprovalResolution =
  | { readonly behavior: 'allow'; readonly scope?: 'once' | 'always'; readonly approver: string }
  | { readonly behavior: 'deny'; readonly message?: string; readonly approver: string }

/** Which requests to list, newest first. */
export interface ApprovalFilter {
  readonly status?: ApprovalStatus
  readonly runId?: string
  readonly limit?: number
}

/** Durable approval requests: a paused run's question survives a restart. */
export interface ApprovalStore {
  /** @throws StoreError `store.conflict` when the call already has a request */
  create(approval: NewApproval): ApprovalRecord
  get(id: string): ApprovalRecord | undefined
  /** The request made for a call, so a resumed invocation finds the one it made before. */
  forCall(invocationId: string, callId: string): ApprovalRecord | undefined
  list(filter?: ApprovalFilter): ApprovalRecord[]
  /**
   * Decides a pending request, exactly once across all processes (compare-and-set on `pending`).
   * @throws StoreError `store.conflict` when it is no longer pending, `store.not_found` for an unknown id
   */
  resolve(id: string, resolution: ApprovalResolution): ApprovalRecord
  /** Marks a pending request expired; the same errors as `resolve`. */
  expire(id: string): ApprovalRecord
}

const columns =
  'id, run_id, invocation_id, call_id, tool_id, alias, input, title, reason, rule, always_rule, status, decision, message, approver, created_at, decided_at'

/** The approval table over one connection. */
export function approvalStore(db: DatabaseSync, now: () => number): ApprovalStore {
  const insert =
    db.prepare(`INSERT INTO approvals (id, run_id, invocation_id, call_id, tool_id, alias, input, title, reason, rule, always_rule, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${columns}`)
  const byId = db.prepare(`SELECT ${columns} FROM approvals WHERE id = ?`)
  const byCall = db.prepare(`SELECT ${columns} FROM approvals WHERE invocation_id = ? AND call_id = ?`)
  const decide = db.prepare(`UPDATE approvals SET status = ?, decision = ?, message = ?, approver = ?, decided_at = ?
    WHERE id = ? AND status = 'pending' RETURNING ${columns}`)

  const get = (id: string) => {
    const row = byId.get(id)
    return row === undefined ? undefined : readApproval(row)
  }
  const transition = (
    id: string,
    values: [ApprovalStatus, 'once' | 'always' | null, string | null, string | null],
    action: string,
  ): ApprovalRecord => {
    const row = runReturning(decide, ...values, now(), id)
    if (row !== undefined) return readApproval(row)
    const current = get(id)
    if (current === undefined)
      throw new StoreError('store.not_found', `cannot ${action} approval ${id}: no such request`)
    const by = current.approver === null ? '' : ` by ${current.approver}`
    const when = current.decidedAt === null ? '' : ` at ${new Date(current.decidedAt).toISOString()}`
    throw new StoreError(
      'store.conflict',
      `cannot ${action} approval ${id}: it was already ${current.status}${by}${when}; a request is decided only once`,
    )
  }

  return {
    create(approval) {
      const id = approval.id ?? newId('apr')
      checkSafeId(id, 'approval id')
      const values: SQLInputValue[] = [
        id,
        approval.runId,
        approval.invocationId,
        approval.callId,
        approval.toolId,
        approval.alias,
      ]
      values.push(
        toJson(approval.input, `the input of approval ${id}`),
        approval.title ?? null,
        approval.reason,
        approval.rule ?? null,
        approval.alwaysRule ?? null,
        now(),
      )
      try {
        const row = runReturning(insert, ...values)
        if (row === undefined) throw new StoreError('store.corrupt_row', `approval ${id}: the insert returned no row`)
        return readApproval(row)
      } catch (error) {
        throw explainSqliteError(
          error,
          `cannot create approval ${id} for call ${approval.callId} of invocation ${approval.invocationId}`,
        )
      }
    },

    get,

    forCall(invocationId, callId) {
      const row = byCall.get(invocationId, callId)
      return row === undefined ? undefined : readApproval(row)
    },

    list(filter = {}) {
      const where: string[] = []
      const params: SQLInputValue[] = []
      if (filter.status !== undefined) {
        where.push('status = ?')
        params.push(filter.status)
      }
      if (filter.runId !== undefined) {
        where.push('run_id = ?')
        params.push(filter.runId)
      }
      params.push(filter.limit ?? -1)
      const sql = `SELECT ${columns} FROM approvals${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, rowid DESC LIMIT ?`
      return db
        .prepare(sql)
        .all(...params)
        .map(readApproval)
    },

    resolve(id, resolution) {
      if (resolution.behavior === 'allow')
        return transition(id, ['allowed', resolution.scope ?? 'once', null, resolution.approver], 'allow')
      if (resolution.behavior === 'deny')
        return transition(id, ['denied', null, resolution.message ?? null, resolution.approver], 'deny')
      throw new StoreError(
        'store.invalid_value',
        `an approval is resolved with behavior allow or deny, not ${JSON.stringify((resolution as { behavior: unknown }).behavior)}`,
      )
    },

    expire(id) {
      return transition(id, ['expired', null, null, null], 'expire')
    },
  }
}

function readApproval(row: Row): ApprovalRecord {
  const read = new RowReader(row, `approvals row id=${String(row.id)}`)
  const decision = read.textOrNull('decision')
  return {
    id: read.text('id'),
    runId: read.text('run_id'),
    invocationId: read.text('invocation_id'),
    callId: read.text('call_id'),
    toolId: read.text('tool_id'),
    alias: read.text('alias'),
    input: read.json('input'),
    title: read.textOrNull('title'),
    reason: read.text('reason'),
    rule: read.textOrNull('rule'),
    alwaysRule: read.textOrNull('always_rule'),
    status: read.oneOf('status', approvalStatuses),
    decision: decision === null ? null : read.oneOf('decision', ['once', 'always']),
    message: read.textOrNull('message'),
    approver: read.textOrNull('approver'),
    createdAt: read.integer('created_at'),
    decidedAt: read.integerOrNull('decided_at'),
  }
}
