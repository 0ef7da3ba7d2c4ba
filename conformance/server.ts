/**
 * The example server the conformance suite tests: toolhost's MCP server layer over Streamable
 * HTTP, serving the suite's fixture tools as ordinary toolhost tools, plus resources and prompts
 * added with the SDK (see fixture-extras.ts).
 *
 * Run: `node --import ./scripts/register-ts.ts conformance/server.ts [port]`; prints the URL.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createToolHost } from '../src/host/create-tool-host.js'
import { serveMcp } from '../src/mcp/server/serve-mcp.js'
import { addConformanceExtras } from './fixture-extras.js'
import { conformanceTools } from './fixture-tools.js'

const port = Number(process.argv[2] ?? 0)
const dataDir = await mkdtemp(join(tmpdir(), 'toolhost-conformance-'))
const host = await createToolHost({
  dataDir,
  workspaceDir: dataDir,
  tools: conformanceTools,
  inMemoryStore: true,
  processDirs: [],
  watchProcessTools: false,
})
// Only the fixture tools: the suite lists tools and checks each entry.
const profile = { tools: { allow: conformanceTools.map((tool) => `builtin:${tool.name}`) } }
const server = await serveMcp(host, {
  transport: 'http',
  host: '127.0.0.1',
  port,
  token: false,
  profile,
  serverInfo: { name: 'toolhost-conformance', version: '0.1.0' },
  configure: addConformanceExtras,
})
console.log(server.url)

const stop = async () => {
  await server.close()
  await host.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
