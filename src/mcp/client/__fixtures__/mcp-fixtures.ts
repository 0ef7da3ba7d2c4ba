import { mkdtempSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CatalogTool } from '../../../catalog/catalog-tool.js'
import { openStore, type Store } from '../../../store/open-store.js'
import type { ToolCallContext, ToolOutput, ToolProgress } from '../../../tool/define-tool.js'

const require = createRequire(import.meta.url)

/** The entry script of an installed MCP server package (its `bin`). */
export function serverScript(
  pkg: '@modelcontextprotocol/server-everything' | '@modelcontextprotocol/server-filesystem',
): string {
  return join(dirname(require.resolve(`${pkg}/package.json`)), 'dist', 'index.js')
}

/** The misbehaving fixture server. */
export const faultyServer = join(dirname(fileURLToPath(import.meta.url)), 'faulty-server.ts')

/** A throwaway store. */
export function memoryStore(): Store {
  return openStore(mkdtempSync(join(tmpdir(), 'toolhost-mcp-')), { inMemory: true })
}

/** The catalog tool with this native name. */
export function toolNamed(tools: readonly CatalogTool[], name: string): CatalogTool {
  const tool = tools.find((t) => t.nativeName === name)
  if (tool === undefined) throw new Error(`no tool ${name} among ${tools.map((t) => t.nativeName).join(', ')}`)
  return tool
}

/** Validates and calls a tool as the gate would, collecting its progress reports. */
export async function run(
  tool: CatalogTool,
  input: Record<string, unknown>,
  ctx: ToolCallContext,
): Promise<{ output: ToolOutput; progress: ToolProgress[] }> {
  const checked = await tool.validate(input)
  if (!checked.ok) throw new Error(`invalid input: ${JSON.stringify(checked.problems)}`)
  const call = tool.call(checked.value, ctx)
  if (call instanceof Promise) return { output: await call, progress: [] }
  const progress: ToolProgress[] = []
  for (;;) {
    const step = await call.next()
    if (step.done === true) return { output: step.value, progress }
    progress.push(step.value)
  }
}

/** True while a process with this pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Waits until `check` holds, polling, or fails after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The fixture server that detaches a `setsid sleep 1000` and writes its host pid to a file. */
export const detachingServer = join(dirname(fileURLToPath(import.meta.url)), 'detaching-server.ts')
