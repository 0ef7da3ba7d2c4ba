import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { testCallContext } from '../../../test/call-context.js'
import type { CatalogTool } from '../../catalog/catalog-tool.js'
import { defaultProfile } from '../../profile/default-profile.js'
import type { Profile } from '../../profile/profile-schema.js'
import type { ToolCallContext, ToolOutput } from '../../tool/define-tool.js'

export { isAlive } from '../../spawn/__fixtures__/process-liveness.js'

/** A temporary directory of spec files and scripts, removed when the test file ends. */
export interface SpecDir {
  readonly path: string
  /** Writes a file (a spec, say) and returns its path. */
  file(name: string, text: string): Promise<string>
  /** Writes an executable `#!/bin/sh` script and returns its path. */
  script(name: string, body: string): Promise<string>
  read(name: string): Promise<string>
}

export async function specDir(prefix = 'toolhost-process-'): Promise<SpecDir> {
  const path = await mkdtemp(join(tmpdir(), prefix))
  afterAll(() => rm(path, { recursive: true, force: true }))
  const file = async (name: string, text: string) => {
    const target = join(path, name)
    await writeFile(target, text)
    return target
  }
  return {
    path,
    file,
    async script(name, body) {
      const target = await file(name, `#!/bin/sh\n${body}\n`)
      await chmod(target, 0o755)
      return target
    },
    read: (name) => readFile(join(path, name), 'utf8'),
  }
}

/** A profile that lets HTTP requests reach 127.0.0.1 (the test servers). */
export const loopbackProfile: Profile = {
  ...defaultProfile,
  network: { ...defaultProfile.network, allowPrivateHosts: ['127.0.0.1'] },
}

/**
 * A call context with a fresh in-memory store's memory, approvals refused and the default profile,
 * unless overridden.
 */
export function processCallContext(overrides: Partial<ToolCallContext> = {}): ToolCallContext {
  return testCallContext({ requestApproval: async () => false, ...overrides })
}

/** Calls a catalog tool directly, validating its input first as the gate would. */
export async function callTool(
  tool: CatalogTool,
  input: Record<string, unknown>,
  ctx: ToolCallContext,
): Promise<ToolOutput> {
  const checked = await tool.validate(input)
  if (!checked.ok) throw new Error(`invalid input: ${JSON.stringify(checked.problems)}`)
  const result = tool.call(checked.value, ctx)
  if (!(result instanceof Promise)) throw new Error('process tools return promises')
  return result
}

/** A tool of a load, by id. */
export function toolById(tools: readonly CatalogTool[], id: string): CatalogTool {
  const tool = tools.find((t) => t.id === id)
  if (tool === undefined) throw new Error(`no tool ${id} among ${tools.map((t) => t.id).join(', ')}`)
  return tool
}
