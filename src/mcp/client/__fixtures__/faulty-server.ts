/**
 * A misbehaving MCP server for tests, over stdio: `hang` never answers, `crash` exits mid-call,
 * `flood` writes one endless line, `change` alters the tool list and says so, `grandchild` reports
 * the host pid of a process it started (to check the group is killed), `ok` answers normally.
 * Run with node ≥ 23 (type stripping).
 */
import { spawn } from 'node:child_process'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js'

const open = { type: 'object' as const, properties: {} }
let changed = false
// Child pids are the namespace's own when the server runs in a PID namespace, but /proc is the
// host's: the shell reads its host pid from /proc/self (`read` is a builtin) and `exec` keeps it.
const sleeper = spawn('/bin/sh', ['-c', 'read -r own_pid _ < /proc/self/stat; echo "$own_pid"; exec sleep 300'], {
  stdio: ['ignore', 'pipe', 'ignore'],
})
const sleeperHostPid = new Promise<string>((resolve) => {
  let output = ''
  sleeper.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    if (output.endsWith('\n')) resolve(output.trim())
  })
})

function tools(): Tool[] {
  return [
    { name: 'ok', description: 'Answers "fine".', inputSchema: open, annotations: { readOnlyHint: true } },
    { name: 'hang', description: 'Never answers.', inputSchema: open },
    { name: 'crash', description: 'Exits mid-call.', inputSchema: open },
    { name: 'flood', description: 'Writes an endless line.', inputSchema: open },
    { name: 'change', description: changed ? 'Changed the tool list.' : 'Changes the tool list.', inputSchema: open },
    { name: 'grandchild', description: 'Reports the pid of a process it started.', inputSchema: open },
    { name: 'wrong_id', description: 'Answers a request that was never made, never this one.', inputSchema: open },
    { name: 'garbage', description: 'Writes a line that is not JSON, then never answers.', inputSchema: open },
    ...(changed ? [{ name: 'added', description: 'Appears after change.', inputSchema: open }] : []),
  ]
}

const server = new Server({ name: 'faulty', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } })
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools() }))
server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
  switch (request.params.name) {
    case 'ok':
      return { content: [{ type: 'text', text: 'fine' }] }
    case 'hang':
      return new Promise<CallToolResult>(() => {})
    case 'crash':
      setTimeout(() => process.exit(3), 20)
      return new Promise<CallToolResult>(() => {})
    case 'flood': {
      const chunk = 'x'.repeat(64 * 1024)
      const write = (): void => void process.stdout.write(chunk, write)
      write()
      return new Promise<CallToolResult>(() => {})
    }
    case 'change':
      changed = true
      await server.sendToolListChanged()
      return { content: [{ type: 'text', text: 'changed' }] }
    case 'wrong_id':
      process.stdout.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 987_654, result: { content: [{ type: 'text', text: 'not yours' }] } })}\n`,
      )
      return new Promise<CallToolResult>(() => {})
    case 'garbage':
      process.stdout.write('{this is not json\n')
      return new Promise<CallToolResult>(() => {})
    case 'grandchild':
      return { content: [{ type: 'text', text: await sleeperHostPid }] }
    default:
      return { content: [{ type: 'text', text: `unknown tool ${request.params.name}` }], isError: true }
  }
})
await server.connect(new StdioServerTransport())
