// A queue worker in its own process, for the contract tests: `hold` takes messages and never
// finishes them, `handle` finishes each at once; the test ends it with SIGKILL. It prints `took <key>` or
// `handled <key>` per delivery and `ready` once consuming.
import { openStore } from '../../../store/store.js'
import { openQueue } from '../open-queue.js'
import type { ChildQueueConfig } from './child-config.js'

const config = JSON.parse(process.argv[2] ?? '{}') as ChildQueueConfig
const store = config.dataDir === undefined ? undefined : openStore(config.dataDir)
const queue = await openQueue(config.spec, { ...config.settings, ...(store && { store }) })
// The worker's timers do not hold the process open by themselves.
setInterval(() => undefined, 60_000)
queue.consume(
  config.topic,
  async ({ message }) => {
    if (config.mode === 'hold') {
      process.stdout.write(`took ${message.idempotencyKey}\n`)
      await new Promise(() => undefined)
    }
    process.stdout.write(`handled ${message.idempotencyKey}\n`)
  },
  { concurrency: config.concurrency ?? 1 },
)
process.stdout.write('ready\n')
