/**
 * A stdio MCP server for tests that, on start, detaches a `sleep 1000` the way daemons do
 * (`setsid`, stdio closed, not waited for) and writes its pid, as the host sees it, to the file
 * given as its first argument; it serves one tool, `ok`. Like servers with timers, it does not end
 * when its stdin does. Run with node ≥ 23 (type stripping).
 */
import { spawn } from 'node:child_process'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'

const [pidFile = ''] = process.argv.slice(2)
// In a PID namespace `$$` is the namespace's number, but /proc is the host's: `/proc/self` is the
// shell itself (`read` is a builtin), and `exec` keeps that pid for the sleep. Written whole.
const recordHostPid =
  'read -r own_pid _ < /proc/self/stat; echo "$own_pid" > "$0.part"; mv "$0.part" "$0"; exec sleep 1000'
spawn('setsid', ['/bin/sh', '-c', recordHostPid, pidFile], { stdio: 'ignore', detached: true }).unref()

const server = new Server({ name: 'detaching', version: '1.0.0' }, { capabilities: { tools: {} } })
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: 'ok', description: 'Answers "fine".', inputSchema: { type: 'object', properties: {} } }],
}))
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: 'text', text: 'fine' }] }))
await server.connect(new StdioServerTransport())
setInterval(() => {}, 60_000)
