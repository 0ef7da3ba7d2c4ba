import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultProfile } from '../src/profile/default-profile.js'
import { openStore } from '../src/store/store.js'
import type { ToolCallContext } from '../src/tool/define-tool.js'
import { createWorkspace } from '../src/workspace/create-workspace.js'
import { ReadState } from '../src/workspace/read-state.js'

/**
 * A call context for calling a tool directly in a test, outside any invocation. Without a
 * `workspace`, it gets one over a fresh temporary directory.
 */
export function testCallContext(overrides: Partial<ToolCallContext> = {}): ToolCallContext {
  return {
    alias: (toolId) => toolId,
    has: () => false,
    scope: 'session',
    protocol: 'openai-responses',
    callId: 'call-1',
    toolId: 'builtin:test',
    invocationId: 'invocation-1',
    signal: new AbortController().signal,
    workspace:
      overrides.workspace ??
      createWorkspace([{ at: '', hostDir: mkdtempSync(join(tmpdir(), 'toolhost-ws-')), access: 'read-write' }]),
    readState: new ReadState(),
    profile: defaultProfile,
    memory: overrides.memory ?? openStore(tmpdir(), { inMemory: true }).memories('user:test'),
    requestApproval: async () => false,
    ...overrides,
  }
}
