import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { runAgent } from '../../src/agent/loop/run-agent.js'
import { type AgentRunOptions, type AgentRunResult } from '../../src/agent/loop/run-options.js'
import type { AgentEvent } from '../../src/agent/loop/agent-events.js'
import { resolveModel } from '../../src/agent/providers/index.js'
import { createToolHost, type ToolHost, type ToolHostOptions } from '../../src/host/create-tool-host.js'
import { tempDir } from '../temp-dir.js'
import {
  ScriptedModelServer,
  type ScriptedReply,
  type ScriptOptions,
  type WireFormat,
} from '../model-server/scripted-model-server.js'

/** The model string that makes the real provider package speak a wire format. */
export const modelFor: Record<WireFormat, string> = {
  'openai-chat': 'openai-chat:gpt-4o-scripted',
  anthropic: 'anthropic:claude-scripted',
}

/** A host over fresh temp directories and a scripted model server, both closed after the test. */
export interface AgentFixture {
  readonly host: ToolHost
  readonly server: ScriptedModelServer
  readonly projectDir: string
  readonly dataDir: string
  readonly events: AgentEvent[]
  run(options: Omit<AgentRunOptions, 'host' | 'model'> & { readonly contextTokens?: number }): Promise<AgentRunResult>
}

const open: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of open.splice(0)) await close()
})

/** Writes profile files into `<dataDir>/profiles/`. */
export function writeProfiles(dataDir: string, profiles: Record<string, Record<string, unknown>>): void {
  mkdirSync(join(dataDir, 'profiles'), { recursive: true })
  for (const [id, body] of Object.entries(profiles))
    writeFileSync(join(dataDir, 'profiles', `${id}.json`), JSON.stringify({ schemaVersion: 1, id, ...body }))
}

/** Starts a scripted server and a host; `run` runs an agent against the server through the real provider package. */
export async function agentFixture(
  format: WireFormat,
  replies: readonly ScriptedReply[] | Readonly<Record<string, readonly ScriptedReply[]>>,
  options: {
    readonly host?: Omit<ToolHostOptions, 'dataDir' | 'workspaceDir'>
    readonly script?: ScriptOptions
    readonly profiles?: Record<string, Record<string, unknown>>
  } = {},
): Promise<AgentFixture> {
  const root = tempDir('toolhost-agent-')
  const projectDir = join(root, 'project')
  const dataDir = join(root, 'data')
  mkdirSync(projectDir, { recursive: true })
  if (options.profiles !== undefined) writeProfiles(dataDir, options.profiles)
  const server = await ScriptedModelServer.start(format, replies, options.script)
  const host = await createToolHost({
    dataDir,
    workspaceDir: projectDir,
    inMemoryStore: false,
    watchProcessTools: false,
    processDirs: [],
    ...options.host,
  })
  open.push(async () => {
    await host.close()
    await server.close()
  })
  const events: AgentEvent[] = []
  return {
    host,
    server,
    projectDir,
    dataDir,
    events,
    run: ({ contextTokens, ...rest }) => {
      const resolved = resolveModel(modelFor[format], { baseUrl: server.baseUrl, apiKey: 'test-key' })
      return runAgent({
        host,
        model: contextTokens === undefined ? resolved : { ...resolved, contextTokens },
        sleep: async () => {},
        onEvent: (event) => events.push(event),
        ...rest,
      })
    },
  }
}
