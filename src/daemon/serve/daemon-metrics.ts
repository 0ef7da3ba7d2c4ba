import { Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { MessageQueue } from '../queue/message-queue.js'

/**
 * The daemon's Prometheus metrics (`GET /metrics`): queue depth per topic and state, run
 * durations, tool-call outcomes, reply latency, deliveries and approval codes. One registry per
 * daemon, so two daemons in one process (tests) do not mix their counts.
 */
export class DaemonMetrics {
  readonly registry = new Registry()
  readonly #runs: Histogram<'status'>
  readonly #replyLatency: Histogram
  readonly #toolCalls: Counter<'outcome'>
  readonly #deliveries: Counter<'result'>
  readonly #approvals: Counter
  readonly #codes: Counter<'outcome'>

  constructor(queue: MessageQueue) {
    const registers = [this.registry]
    this.#runs = new Histogram({
      name: 'toolhost_run_duration_seconds',
      help: 'Agent runs of the daemon, by how they ended.',
      labelNames: ['status'],
      buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
      registers,
    })
    this.#replyLatency = new Histogram({
      name: 'toolhost_reply_latency_seconds',
      help: 'From an inbound message to its reply in the outbox.',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers,
    })
    this.#toolCalls = new Counter({
      name: 'toolhost_tool_calls_total',
      help: 'Tool calls of daemon runs, by outcome (ok or the error code).',
      labelNames: ['outcome'],
      registers,
    })
    this.#deliveries = new Counter({
      name: 'toolhost_deliveries_total',
      help: 'Outbox messages delivered through channels, by result.',
      labelNames: ['result'],
      registers,
    })
    this.#approvals = new Counter({
      name: 'toolhost_approval_codes_issued_total',
      help: 'Approval requests sent with a one-time code.',
      registers,
    })
    this.#codes = new Counter({
      name: 'toolhost_approval_code_answers_total',
      help: 'Code answers, by outcome (allow, deny, wrong_code, expired, used, locked, no_code).',
      labelNames: ['outcome'],
      registers,
    })
    new Gauge({
      name: 'toolhost_queue_messages',
      help: 'Messages in the daemon queue, by topic and state.',
      labelNames: ['topic', 'state'],
      registers,
      async collect() {
        this.reset()
        for (const stats of await queue.stats()) {
          this.set({ topic: stats.topic, state: 'waiting' }, stats.waiting)
          this.set({ topic: stats.topic, state: 'active' }, stats.active)
          this.set({ topic: stats.topic, state: 'dead' }, stats.dead)
        }
      },
    })
  }

  runFinished(status: string, ms: number): void {
    this.#runs.observe({ status }, ms / 1000)
  }

  replied(ms: number): void {
    this.#replyLatency.observe(ms / 1000)
  }

  toolCall(outcome: string): void {
    this.#toolCalls.inc({ outcome })
  }

  delivery(result: 'sent' | 'failed'): void {
    this.#deliveries.inc({ result })
  }

  approvalOffered(): void {
    this.#approvals.inc()
  }

  codeAnswer(outcome: string): void {
    this.#codes.inc({ outcome })
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ readonly body: string; readonly contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType }
  }
}
