// Started as its own process by a test: starts a background command, says so, and waits to be killed.
import { run, setupIn } from './system-context.js'

const [dataDir, root, command] = process.argv.slice(2)
if (dataDir === undefined || root === undefined || command === undefined)
  throw new Error('usage: start-background <dataDir> <root> <command>')
const { ctx } = setupIn(dataDir, root)
const output = await run(ctx, { command, run_in_background: true })
process.stdout.write(`${String(output.structured?.taskId)}\n`)
setInterval(() => undefined, 60_000)
