// A host process for tests: connects to the detaching fixture server (its sleeper's pid goes to
// the file given first), says `ready` once the sleeper runs, then exits without closing anything
// (`exit`) or waits to be killed (`wait`). Run with `node --import scripts/register-ts.ts`.
import { readFile } from 'node:fs/promises'
import { setTimeout as delay } from 'node:timers/promises'
import { McpClientManager } from '../mcp-client-manager.js'
import { detachingServer, memoryStore } from './mcp-fixtures.js'

const [pidFile = '', end] = process.argv.slice(2)
const mcp = new McpClientManager({ store: memoryStore() })
const { id } = mcp.register('Detaching', { kind: 'stdio', command: process.execPath, args: [detachingServer, pidFile] })
await mcp.discover(id)
for (;;) {
  const pid = Number(await readFile(pidFile, 'utf8').catch(() => ''))
  if (pid > 0) {
    process.kill(pid, 0)
    break
  }
  await delay(10)
}
process.stdout.write('ready\n')
if (end === 'exit') process.exit(0)
