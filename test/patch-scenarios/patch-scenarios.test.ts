import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ToolOutput } from '../../src/tool/define-tool.js'
import { ToolError } from '../../src/core/tool-error.js'
import { applyPatchTool } from '../../src/tools/workspace/apply-patch/apply-patch.js'
import { createWorkspace } from '../../src/workspace/create-workspace.js'
import { testCallContext } from '../call-context.js'
import { readTree } from '../file-tree.js'
import { tempDir } from '../temp-dir.js'

/**
 * Each folder here is one `workspace.apply_patch` scenario: `before/` (the files, absent when
 * none), `patch.txt` (sent as is, bytes and line endings included), and `scenario.json`. A patch
 * that applies gives `result` and turns the tree into `after/`, byte for byte; one that fails
 * gives the error code `error`, a message naming each of `mentions`, and leaves `before/` as it was.
 */

interface Scenario {
  readonly about: string
  readonly result?: string
  readonly error?: string
  readonly mentions?: readonly string[]
}

const root = import.meta.dirname
const names = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

async function applyIn(dir: string, patch: string): Promise<ToolOutput | ToolError> {
  const workspace = createWorkspace([{ at: '', hostDir: dir, access: 'read-write' }])
  const result = applyPatchTool.call({ patch }, testCallContext({ toolId: 'builtin:workspace.apply_patch', workspace }))
  if (!(result instanceof Promise)) throw new Error('workspace.apply_patch should return a promise')
  try {
    return await result
  } catch (error) {
    if (error instanceof ToolError) return error
    throw error
  }
}

describe('apply_patch scenarios', () => {
  it('has scenarios for every kind of change and failure', () => {
    expect(names.length).toBeGreaterThanOrEqual(20)
    for (const name of names) {
      const scenario = JSON.parse(readFileSync(join(root, name, 'scenario.json'), 'utf8')) as Scenario
      expect(
        (scenario.result === undefined) !== (scenario.error === undefined),
        `${name}: either result or error`,
      ).toBe(true)
      expect(existsSync(join(root, name, 'after')), `${name}: after/ exactly when the patch applies`).toBe(
        scenario.result !== undefined,
      )
    }
  })

  it.each(names)('%s', async (name) => {
    const dir = join(root, name)
    const scenario = JSON.parse(readFileSync(join(dir, 'scenario.json'), 'utf8')) as Scenario
    const work = tempDir('toolhost-patch-scenario-')
    if (existsSync(join(dir, 'before'))) cpSync(join(dir, 'before'), work, { recursive: true })
    const patch = readFileSync(join(dir, 'patch.txt'), 'utf8')

    const outcome = await applyIn(work, patch)

    if (scenario.result !== undefined) {
      expect(outcome instanceof ToolError ? `${outcome.code}: ${outcome.message}` : outcome.content).toBe(
        scenario.result,
      )
      expect(readTree(work)).toEqual(readTree(join(dir, 'after')))
    } else {
      if (!(outcome instanceof ToolError))
        throw new Error(`${name}: expected ${scenario.error}, the patch applied: ${outcome.content}`)
      expect(outcome.code).toBe(scenario.error)
      for (const mention of scenario.mentions ?? []) expect(outcome.message).toContain(mention)
      expect(readTree(work)).toEqual(readTree(join(dir, 'before')))
    }
  })
})
