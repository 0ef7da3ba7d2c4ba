// A host process for tests: connects to the detaching fixture server (its sleeper's pid goes to
// the file given first), says `ready`, then exits without closing anything (`exit`) or waits to be
// killed (`wait`). Run with `node --import scripts/register-ts.ts`.
import { McpClientManager } from '../mcp-client-manager.js'
import { detachingServer, memoryStore } from './mcp-fixtures.js'

const [pidFile = '', end] = process.argv.slice(2)
const mcp = new McpClientManager({ store: memoryStore() })
const { id } = mcp.register('Detaching', { kind: 'stdio', command: process.execPath, args: [detachingServer, pidFile] })
await mcp.discover(id)
process.stdout.write('ready\n')
if (end === 'exit') process.exit(0)
