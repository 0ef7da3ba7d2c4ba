import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { testCallContext } from '../../../../../test/call-context.js'
import { tempDir } from '../../../../../test/temp-dir.js'
import type { AnyToolDefinition, ToolCallContext } from '../../../../tool/define-tool.js'
import { createWorkspace } from '../../../../workspace/create-workspace.js'

/** A project with `tool-results/` and `skills/` mounts, a directory outside the workspace, and a call context. */
export interface FindSetup {
  readonly project: string
  readonly results: string
  readonly skills: string
  readonly outside: string
  readonly ctx: ToolCallContext
  /** Writes project files (host side), creating directories. */
  put(files: Readonly<Record<string, string | Uint8Array>>): void
  /** Sets a project file's modification time, in seconds since the epoch. */
  touch(path: string, seconds: number): void
}

/** A fresh project over temporary directories; the call context names tools by their builtin alias (`workspace_glob`…). */
export function findSetup(): FindSetup {
  const project = tempDir('toolhost-find-')
  const results = tempDir('toolhost-find-results-')
  const skills = tempDir('toolhost-find-skills-')
  const outside = tempDir('toolhost-find-outside-')
  const workspace = createWorkspace([
    { at: '', hostDir: project, access: 'read-write' },
    { at: 'tool-results', hostDir: results, access: 'read-only' },
    { at: 'skills', hostDir: skills, access: 'read-only' },
  ])
  const ctx = testCallContext({ workspace, alias: (id) => id.replace(/^builtin:/, '').replace(/\./g, '_') })
  return {
    project,
    results,
    skills,
    outside,
    ctx,
    put(files) {
      for (const [path, content] of Object.entries(files)) {
        const host = join(project, path)
        mkdirSync(dirname(host), { recursive: true })
        writeFileSync(host, content)
      }
    },
    touch(path, seconds) {
      utimesSync(join(project, path), seconds, seconds)
    },
  }
}

/** What a call returned, with its structured output typed loosely for assertions. */
export interface CallResult {
  readonly content: string
  readonly structured: Record<string, unknown>
}

/** Calls a tool after validating the input through its schema, as the gate would. */
export async function callTool(
  tool: AnyToolDefinition,
  input: Record<string, unknown>,
  ctx: ToolCallContext,
): Promise<CallResult> {
  const validated = await tool.inputSchema['~standard'].validate(input)
  if (validated.issues !== undefined) throw new Error(`invalid input: ${JSON.stringify(validated.issues)}`)
  const result = tool.call(validated.value as Record<string, unknown>, ctx)
  if (!(result instanceof Promise)) throw new Error(`${tool.name} should return a promise`)
  const output = await result
  return { content: output.content, structured: output.structured ?? {} }
}

/** The error code a call fails with, or 'ok'. */
export async function errorCode(call: Promise<unknown>): Promise<string> {
  return call.then(
    () => 'ok',
    (error: { code?: string }) => error.code ?? String(error),
  )
}
