/**
 * Serves toolhost over stdio for the server tests: run with
 * `node --import ./scripts/register-ts.ts src/mcp/server/__fixtures__/serve-stdio.ts <dataDir>`.
 */
import { createToolHost } from '../../../host/create-tool-host.js'
import { serveMcp } from '../serve-mcp.js'
import { serverTestTools } from './test-tools.js'

const dataDir = process.argv[2]
if (dataDir === undefined) throw new Error('usage: serve-stdio.ts <dataDir>')
const host = await createToolHost({
  dataDir,
  workspaceDir: dataDir,
  tools: serverTestTools,
  processDirs: [],
  watchProcessTools: false,
})
await serveMcp(host, { transport: 'stdio' })
