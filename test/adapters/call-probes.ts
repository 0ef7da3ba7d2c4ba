import { z } from 'zod'
import { defineTool, type AnyToolDefinition } from '../../src/tool/define-tool.js'
import type { ProfileOverrides } from '../../src/profile/load-profile.js'
import type { Store } from '../../src/store/store.js'
import { runAudit, type AuditCall } from '../../src/store/run-audit.js'

/**
 * Tools that record when they start and end, for adapter tests: reads that can be made to wait
 * until all of them have started (so only a parallel run lets them finish together — a sequential
 * run shows up in the order, not as a timing), a write the scheduler must run after them, a long
 * result, an image, a denied tool and one that needs approval.
 */
export interface CallProbes {
  readonly tools: readonly AnyToolDefinition[]
  /** `start read a`, `end read a`, `start write w`, … in the order they happened. */
  readonly events: string[]
  /** Makes the next `count` reads wait for each other (a read runs straight through otherwise). */
  meet(count: number): void
  /** Clears the events and the readers' meeting point. */
  reset(): void
}

/** The profile the probes are tested with: only they are offered; writes allowed, publish asks, erase is denied. */
export const probeProfile: ProfileOverrides = {
  tools: { allow: ['builtin:probe.*'] },
  permissions: { allow: ['builtin:probe.write'], ask: ['builtin:probe.publish'], deny: ['builtin:probe.erase'] },
}

/** Builds a fresh set of probes. */
export function callProbes(): CallProbes {
  const events: string[] = []
  let meeting: { arrive(): Promise<void> } | undefined
  const read = defineTool({
    name: 'probe.read',
    description: 'Read the note stored under a key.',
    inputSchema: z.object({ key: z.string() }),
    annotations: { readOnly: true },
    call: async ({ key }) => {
      events.push(`start read ${key}`)
      await meeting?.arrive()
      events.push(`end read ${key}`)
      return { content: `note ${key}` }
    },
  })
  const write = defineTool({
    name: 'probe.write',
    description: 'Store a note under a key.',
    inputSchema: z.object({ key: z.string(), text: z.string() }),
    call: async ({ key, text }) => {
      events.push(`start write ${key}`)
      await new Promise((resolve) => setImmediate(resolve))
      events.push(`end write ${key}`)
      return { content: `stored ${text.length} characters under ${key}` }
    },
  })
  const long = defineTool({
    name: 'probe.long',
    description: 'Produce a long listing.',
    inputSchema: z.object({ lines: z.number().int().min(1) }),
    annotations: { readOnly: true },
    inlineCharLimit: 400,
    call: async ({ lines }) => ({
      content: Array.from({ length: lines }, (_, i) => `line ${i + 1} of the listing`).join('\n'),
    }),
  })
  const picture = defineTool({
    name: 'probe.picture',
    description: 'Draw a small red square.',
    inputSchema: z.object({}),
    annotations: { readOnly: true },
    call: async () => {
      const { default: sharp } = await import('sharp')
      const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer()
      return { content: 'a red square', images: [{ bytes, mimeType: 'image/png' }] }
    },
  })
  const publish = defineTool({
    name: 'probe.publish',
    description: 'Publish a note.',
    inputSchema: z.object({ key: z.string(), headline: z.string().optional() }),
    call: async ({ key, headline }) => {
      events.push(`publish ${key}`)
      return { content: headline === undefined ? `published ${key}` : `published ${key} as "${headline}"` }
    },
  })
  const erase = defineTool({
    name: 'probe.erase',
    description: 'Erase a note.',
    inputSchema: z.object({ key: z.string() }),
    call: async ({ key }) => {
      events.push(`erase ${key}`)
      return { content: `erased ${key}` }
    },
  })
  return {
    tools: [read, write, long, picture, publish, erase] as AnyToolDefinition[],
    events,
    meet(count) {
      meeting = meetingPoint(count)
    },
    reset() {
      events.length = 0
      meeting = undefined
    },
  }
}

/**
 * A point `count` callers wait at until all have arrived. A caller that waits alone gives up after a
 * while so that a sequential run ends (and its order fails the test) instead of hanging.
 */
function meetingPoint(count: number): { arrive(): Promise<void> } {
  let arrived = 0
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  return {
    async arrive() {
      arrived += 1
      if (arrived >= count) open()
      let timer: NodeJS.Timeout | undefined
      await Promise.race([opened, new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)))])
      clearTimeout(timer)
    },
  }
}

/** True when both reads started before either ended, and the write started after both ended. */
export function readsParallelThenWrite(events: readonly string[], reads: readonly string[], write: string): boolean {
  const at = (event: string) => events.indexOf(event)
  const starts = reads.map((key) => at(`start read ${key}`))
  const ends = reads.map((key) => at(`end read ${key}`))
  if ([...starts, ...ends].some((index) => index < 0)) return false
  return Math.max(...starts) < Math.min(...ends) && at(`start write ${write}`) > Math.max(...ends)
}

/** The audit's calls of a run, by call id. */
export function auditedCalls(store: Store, runId: string): Map<string, AuditCall> {
  const run = store.getRun(runId)
  if (run === undefined) throw new Error(`No run ${runId} in the store.`)
  return new Map(runAudit(store, run).calls.map((call) => [call.callId, call]))
}
