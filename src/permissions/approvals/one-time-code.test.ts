import type * as crypto from 'node:crypto'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it, vi } from 'vitest'
import { runFixture } from '../../store/__fixtures__/run-fixture.js'
import { useStores } from '../../store/__fixtures__/test-store.js'
import type { Store } from '../../store/open-store.js'
import { codeLifetimeMs, issueCode, maxWrongTries, redeemCode } from './one-time-code.js'

// Codes come from crypto.randomInt; a test can queue the numbers it should return next.
const forced = vi.hoisted(() => [] as number[])
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>()
  return { ...actual, randomInt: (min: number, max: number) => forced.shift() ?? actual.randomInt(min, max) }
})

const stores = useStores()
const t0 = Date.UTC(2030, 0, 1)

async function setup(): Promise<{ store: Store; approval: (callId: string) => string }> {
  const { store, runId, invocationId } = await stores.withInvocation()
  const approval = (callId: string) =>
    store.approvals.create({
      runId,
      invocationId,
      callId,
      toolId: 'builtin:workspace.shell',
      alias: 'shell',
      input: { command: 'ls' },
      reason: 'ask',
    }).id
  return { store, approval }
}

describe('one-time codes', () => {
  it('issues six digits valid for ten minutes and stores only a salted hash', async () => {
    const { store, approval } = await setup()
    const approvalId = approval('c1')
    const issued = issueCode(store, { approvalId, conversationId: 'conv-1', now: t0 })
    expect(issued).toEqual({ code: expect.stringMatching(/^\d{6}$/), expiresAt: t0 + codeLifetimeMs })
    expect(codeLifetimeMs).toBe(600_000)
    const db = new DatabaseSync(store.dbPath)
    stores.temp.onCleanup(() => db.close())
    const rows = db.prepare('SELECT * FROM one_time_codes').all()
    expect(rows).toHaveLength(1)
    const row = rows[0] ?? {}
    expect((row.salt as Uint8Array).length).toBe(16)
    expect((row.hash as Uint8Array).length).toBe(32)
    expect(
      JSON.stringify(Object.values(row).map((v) => (v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : v))),
    ).not.toContain(issued.code)
  })

  it('keeps leading zeros', async () => {
    const { store, approval } = await setup()
    const approvalId = approval('c1')
    forced.push(42)
    const { code } = issueCode(store, { approvalId, conversationId: 'conv-1', now: t0 })
    expect(code).toBe('000042')
    expect(redeemCode(store, { approvalId, conversationId: 'conv-1', code: '42', now: t0 })).toEqual({
      ok: false,
      reason: 'wrong_code',
      attemptsLeft: 4,
    })
    expect(redeemCode(store, { approvalId, conversationId: 'conv-1', code: '000042', now: t0 })).toEqual({
      ok: true,
      approvalId,
    })
  })

  it('is single use and does not itself decide the request', async () => {
    const { store, approval } = await setup()
    const approvalId = approval('c1')
    const { code } = issueCode(store, { approvalId, conversationId: 'conv-1', now: t0 })
    expect(
      redeemCode(store, {
        approvalId,
        conversationId: 'conv-1',
        code: ` ${code.slice(0, 3)} ${code.slice(3)} `,
        now: t0 + 1,
      }),
    ).toEqual({ ok: true, approvalId })
    expect(redeemCode(store, { approvalId, conversationId: 'conv-1', code, now: t0 + 2 })).toEqual({
      ok: false,
      reason: 'used',
    })
    expect(redeemCode(store, { conversationId: 'conv-1', code, now: t0 + 2 })).toEqual({ ok: false, reason: 'used' })
    expect(store.approvals.get(approvalId)?.status).toBe('pending')
  })

  it('expires after ten minutes; tries on an expired code are not counted', async () => {
    const { store, approval } = await setup()
    const approvalId = approval('c1')
    const { code } = issueCode(store, { approvalId, conversationId: 'conv-1', now: t0 })
    const late = t0 + codeLifetimeMs
    expect(redeemCode(store, { approvalId, conversationId: 'conv-1', code: wrong(code), now: late })).toEqual({
      ok: false,
      reason: 'expired',
    })
    expect(redeemCode(store, { approvalId, conversationId: 'conv-1', code, now: late })).toEqual({
      ok: false,
      reason: 'expired',
    })

    const other = approval('c2')
    const second = issueCode(store, { approvalId: other, conversationId: 'conv-1', now: t0 })
    expect(
      redeemCode(store, { approvalId: other, conversationId: 'conv-1', code: second.code, now: late - 1 }),
    ).toEqual({ ok: true, approvalId: other })
  })

  it('locks a code after five wrong tries, even against the right code', async () => {
    const { store, approval } = await setup()
    const approvalId = approval('c1')
    const { code } = issueCode(store, { approvalId, conversationId: 'conv-1', now: t0 })
    const left = Array.from({ length: maxWrongTries }, () =>
      redeemCode(store, { approvalId, conversationId: 'conv-1', code: wrong(code), now: t0 }),
    )
    expect(left).toEqual([4, 3, 2, 1, 0].map((attemptsLeft) => ({ ok: false, reason: 'wrong_code', attemptsLeft })))
    expect(redeemCode(store, { approvalId, conversationId: 'conv-1', code, now: t0 })).toEqual({
      ok: false,
      reason: 'locked',
    })
    expect(redeemCode(store, { conversationId: 'conv-1', code, now: t0 })).toEqual({ ok: false, reason: 'locked' })
  })

  it('never matches in another conversation, and guesses there cost the real code nothing', async () => {
    const { store, approval } = await setup()
    const approvalId = approval('c1')
    const { code } = issueCode(store, { approvalId, conversationId: 'conv-1', now: t0 })
    for (let i = 0; i < 10; i += 1)
      expect(redeemCode(store, { approvalId, conversationId: 'conv-2', code, now: t0 })).toEqual({
        ok: false,
        reason: 'no_code',
      })
    expect(redeemCode(store, { conversationId: 'conv-2', code, now: t0 })).toEqual({ ok: false, reason: 'no_code' })
    expect(redeemCode(store, { approvalId, conversationId: 'conv-1', code, now: t0 })).toEqual({ ok: true, approvalId })
  })

  it('is bound to its request: the right digits for another request are a wrong try', async () => {
    const { store, approval } = await setup()
    const [first, second] = [approval('c1'), approval('c2')]
    const { code } = issueCode(store, { approvalId: first, conversationId: 'conv-1', now: t0 })
    forced.push(Number(wrong(code)))
    issueCode(store, { approvalId: second, conversationId: 'conv-1', now: t0 })
    expect(redeemCode(store, { approvalId: second, conversationId: 'conv-1', code, now: t0 })).toEqual({
      ok: false,
      reason: 'wrong_code',
      attemptsLeft: 4,
    })
    expect(redeemCode(store, { approvalId: approval('c3'), conversationId: 'conv-1', code, now: t0 })).toEqual({
      ok: false,
      reason: 'no_code',
    })
  })

  it('invalidates the earlier code when a new one is issued for the same request', async () => {
    const { store, approval } = await setup()
    const approvalId = approval('c1')
    forced.push(111_111, 222_222)
    const old = issueCode(store, { approvalId, conversationId: 'conv-1', now: t0 })
    const fresh = issueCode(store, { approvalId, conversationId: 'conv-1', now: t0 + 1_000 })
    expect([old.code, fresh.code]).toEqual(['111111', '222222'])
    expect(fresh.expiresAt).toBe(t0 + 1_000 + codeLifetimeMs)
    expect(redeemCode(store, { approvalId, conversationId: 'conv-1', code: old.code, now: t0 + 2_000 })).toEqual({
      ok: false,
      reason: 'wrong_code',
      attemptsLeft: 4,
    })
    expect(redeemCode(store, { approvalId, conversationId: 'conv-1', code: fresh.code, now: t0 + 2_000 })).toEqual({
      ok: true,
      approvalId,
    })
  })

  it('finds the request from the code alone, and counts a wrong guess against every live code', async () => {
    const { store, approval } = await setup()
    const [first, second] = [approval('c1'), approval('c2')]
    // The second draw collides with the first request's live code, so it is drawn again.
    forced.push(123_456, 123_456, 654_321)
    expect(issueCode(store, { approvalId: first, conversationId: 'conv-1', now: t0 }).code).toBe('123456')
    expect(issueCode(store, { approvalId: second, conversationId: 'conv-1', now: t0 }).code).toBe('654321')
    expect(redeemCode(store, { conversationId: 'conv-1', code: '000000', now: t0 })).toEqual({
      ok: false,
      reason: 'wrong_code',
      attemptsLeft: 4,
    })
    expect(redeemCode(store, { conversationId: 'conv-1', code: '654321', now: t0 })).toEqual({
      ok: true,
      approvalId: second,
    })
    expect(redeemCode(store, { approvalId: first, conversationId: 'conv-1', code: '999999', now: t0 })).toEqual({
      ok: false,
      reason: 'wrong_code',
      attemptsLeft: 3,
    })
    expect(redeemCode(store, { conversationId: 'conv-9', code: '123456', now: t0 })).toEqual({
      ok: false,
      reason: 'no_code',
    })
  })

  it('issues codes only for pending requests', async () => {
    const { store, approval } = await setup()
    const approvalId = approval('c1')
    store.approvals.resolve(approvalId, { behavior: 'deny', approver: 'console' })
    expect(() => issueCode(store, { approvalId, conversationId: 'conv-1' })).toThrow(
      expect.objectContaining({ code: 'store.conflict', message: expect.stringContaining('already denied') }),
    )
    expect(() => issueCode(store, { approvalId: 'apr_none', conversationId: 'conv-1' })).toThrow(
      expect.objectContaining({ code: 'store.not_found' }),
    )
    expect(() => issueCode(store, { approvalId: approval('c2'), conversationId: '' })).toThrow(
      expect.objectContaining({ code: 'store.invalid_value' }),
    )
  })

  it('lets exactly one of several processes redeeming the same code at once succeed', async () => {
    const { store, approval } = await setup()
    const approvalId = approval('c1')
    const { code } = issueCode(store, { approvalId, conversationId: 'conv-1' })
    const startAt = String(Date.now() + 2_500)
    const outputs = await Promise.all(
      [1, 2, 3, 4].map(() =>
        runFixture(new URL('./__fixtures__/redeem-code.ts', import.meta.url), [store.dataDir, 'conv-1', code, startAt]),
      ),
    )
    const results = outputs.map((text) => JSON.parse(text) as unknown)
    expect(results.filter((r) => (r as { ok: boolean }).ok)).toEqual([{ ok: true, approvalId }])
    expect(results.filter((r) => !(r as { ok: boolean }).ok)).toEqual(
      [1, 2, 3].map(() => ({ ok: false, reason: 'used' })),
    )
  })
})

/** A six-digit code that differs from `code`. */
function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0')
}
