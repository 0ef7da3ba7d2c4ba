import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { OneTimeCodeRecord } from '../../store/one-time-codes.js'
import type { Store } from '../../store/open-store.js'
import { StoreError } from '../../store/store-error.js'

/**
 * One-time codes approve a pending request over a chat channel (DESIGN §7): the daemon sends a
 * 6-digit code to the person who may approve; whoever types it back in the same conversation
 * within 10 minutes approves that one request. Only a salted SHA-256 of each code is stored.
 *
 * Why a salted hash and not a key: six digits are a million guesses away from any hash, so the
 * hash only keeps codes out of backups and logs. Someone who can read the live database can also
 * write to it and approve directly; online guessing is what the 5-try lock is for.
 */

/** How long a code is valid. */
export const codeLifetimeMs = 10 * 60 * 1000

/** Wrong tries after which a code is locked for good. */
export const maxWrongTries = 5

/** What the code functions need of the store. */
export type CodeStore = Pick<Store, 'approvals' | 'oneTimeCodes' | 'transaction'>

/** A code to send to the approver; it is not stored anywhere in clear. */
export interface IssuedCode {
  /** Six digits, leading zeros kept (e.g. `"004219"`). */
  readonly code: string
  /** Epoch ms. */
  readonly expiresAt: number
}

/** The outcome of a redemption. `ok` only means the code was right: the caller resolves the approval. */
export type RedeemResult =
  | { readonly ok: true; readonly approvalId: string }
  | { readonly ok: false; readonly reason: 'wrong_code'; readonly attemptsLeft: number }
  | { readonly ok: false; readonly reason: 'expired' | 'used' | 'locked' | 'no_code' }

/**
 * Issues a code for a pending approval request, bound to one conversation. A code issued earlier
 * for the same request stops working.
 *
 * @throws StoreError `store.not_found` for an unknown request, `store.conflict` when it is no longer pending
 */
export function issueCode(
  store: CodeStore,
  input: { readonly approvalId: string; readonly conversationId: string; readonly now?: number },
): IssuedCode {
  const now = input.now ?? Date.now()
  if (input.conversationId === '')
    throw new StoreError('store.invalid_value', 'a one-time code needs a conversation id')
  return store.transaction(() => {
    const approval = store.approvals.get(input.approvalId)
    if (approval === undefined)
      throw new StoreError('store.not_found', `cannot issue a code for approval ${input.approvalId}: no such request`)
    if (approval.status !== 'pending')
      throw new StoreError(
        'store.conflict',
        `cannot issue a code for approval ${input.approvalId}: it is already ${approval.status}`,
      )
    // Codes of other requests still valid in this conversation: a new code must differ from them,
    // so a code typed without naming the request matches exactly one.
    const others = store.oneTimeCodes
      .current({ conversationId: input.conversationId })
      .filter((c) => c.approvalId !== input.approvalId && isLive(c, now))
    let code = newCode()
    while (others.some((c) => matches(c, code))) code = newCode()
    const salt = randomBytes(16)
    const expiresAt = now + codeLifetimeMs
    store.oneTimeCodes.replace({
      approvalId: input.approvalId,
      conversationId: input.conversationId,
      salt,
      hash: digest(salt, code),
      createdAt: now,
      expiresAt,
    })
    return { code, expiresAt }
  })
}

/**
 * Checks a code typed in a conversation and, when right, marks it used — atomically, so two
 * processes redeeming the same code get one `ok`. Without `approvalId`, the code is compared with
 * every current code of the conversation, and a wrong one counts against all of them that are
 * still valid (otherwise leaving out the id would allow unlimited guesses).
 *
 * Refusals: `no_code` (none issued for this conversation, or for that request in it — a code of
 * another conversation never matches), `expired`, `used`, `locked` (after 5 wrong tries; refused
 * even when right), `wrong_code` (with the tries left; 0 means it is now locked).
 */
export function redeemCode(
  store: CodeStore,
  input: {
    readonly approvalId?: string
    readonly conversationId: string
    readonly code: string
    readonly now?: number
  },
): RedeemResult {
  const now = input.now ?? Date.now()
  // People paste codes with spaces ("123 456"); anything else that is not the code is just wrong.
  const typed = input.code.replace(/\s+/g, '')
  return store.transaction((): RedeemResult => {
    const codes = store.oneTimeCodes.current({
      conversationId: input.conversationId,
      ...(input.approvalId !== undefined && { approvalId: input.approvalId }),
    })
    const latest = codes.at(-1)
    if (latest === undefined) return { ok: false, reason: 'no_code' }
    // Every candidate is hashed and compared, so the time taken does not tell which one matched.
    const results = codes.map((c) => ({ code: c, right: matches(c, typed) }))
    const hit = results.find((r) => r.right)?.code
    if (hit !== undefined) {
      const refused = refusal(hit, now)
      if (refused !== undefined) return { ok: false, reason: refused }
      return store.oneTimeCodes.markUsed(hit.id, now)
        ? { ok: true, approvalId: hit.approvalId }
        : { ok: false, reason: 'used' }
    }
    const live = codes.filter((c) => isLive(c, now))
    if (live.length === 0) return { ok: false, reason: refusal(latest, now) ?? 'no_code' }
    let attemptsLeft = maxWrongTries
    for (const c of live) {
      const updated = store.oneTimeCodes.recordFailure(c.id, maxWrongTries, now)
      attemptsLeft = Math.min(attemptsLeft, maxWrongTries - (updated?.failedAttempts ?? maxWrongTries))
    }
    return { ok: false, reason: 'wrong_code', attemptsLeft }
  })
}

function refusal(code: OneTimeCodeRecord, now: number): 'expired' | 'used' | 'locked' | undefined {
  if (code.status === 'used') return 'used'
  if (code.status === 'locked') return 'locked'
  if (now >= code.expiresAt) return 'expired'
  return undefined
}

function isLive(code: OneTimeCodeRecord, now: number): boolean {
  return code.status === 'active' && now < code.expiresAt
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

function digest(salt: Uint8Array, code: string): Buffer {
  return createHash('sha256').update(salt).update(code, 'utf8').digest()
}

function matches(stored: OneTimeCodeRecord, typed: string): boolean {
  const candidate = digest(stored.salt, typed)
  return candidate.length === stored.hash.length && timingSafeEqual(candidate, stored.hash)
}
