import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { declaredExports } from './declared-exports.js'

// The root entry point ('toolhost') is the API most code depends on. Its names are pinned here, so
// that adding one is a deliberate change: everything else belongs behind a subpath
// ('toolhost/agent', 'toolhost/store', …; see package.json "exports").
const rootValues = [
  'ExtensionRegistry',
  'FatalToolHostError',
  'HostApprovals',
  'Invocation',
  'ModelConfigError',
  'ProfileError',
  'StoreError',
  'StoredStateError',
  'ToolError',
  'ToolIdError',
  'ToolRuntimeError',
  'TurnPausedError',
  'createToolHost',
  'defineTool',
  'diagnosticCodes',
  'errorCodes',
  'fatalErrorCodes',
  'formatToolId',
  'isErrorCode',
  'isToolId',
  'parseToolId',
  'protocolNames',
  'recoverableErrorCodes',
  'scopes',
]

const rootTypes = [
  'AgentToolResult',
  'AnyToolDefinition',
  'ApprovalOutcome',
  'CatalogDiagnostic',
  'CatalogEntry',
  'CustomErrorCode',
  'DescriptionContext',
  'DiagnosticCode',
  'ErrorCode',
  'ErrorCodeInfo',
  'ErrorKind',
  'ExtensionCallContext',
  'ExtensionFunction',
  'ExtensionToolInfo',
  'ExtensionToolSpec',
  'FatalErrorCode',
  'GateState',
  'InvocationOptions',
  'InvocationRuntimeOptions',
  'Memory',
  'MemoryMatch',
  'OwnerMemory',
  'ParsedToolId',
  'PermissionCheck',
  'PermissionExplanation',
  'PermissionSubject',
  'ProtocolName',
  'RawToolCall',
  'RecoverableErrorCode',
  'ResourceClaim',
  'ResultImage',
  'RunFeature',
  'Scope',
  'SpecToTrust',
  'StandardSchemaWithJson',
  'ToolAnnotations',
  'ToolCallContext',
  'ToolCallReturn',
  'ToolChoice',
  'ToolDefinition',
  'ToolErrorCode',
  'ToolFile',
  'ToolHost',
  'ToolHostOptions',
  'ToolId',
  'ToolImage',
  'ToolOutput',
  'ToolProgress',
  'ToolProgressEvent',
  'ToolSourceKind',
  'Turn',
]

describe('the root entry point', () => {
  it('exports exactly the pinned values at run time', async () => {
    const root: Record<string, unknown> = await import('../../src/index.js')
    expect(Object.keys(root).sort()).toEqual(rootValues)
  })

  it('declares exactly the pinned values and types', () => {
    expect(declaredExports(join(import.meta.dirname, '../../src/index.ts'))).toEqual({
      values: rootValues,
      types: rootTypes,
    })
  })
})
