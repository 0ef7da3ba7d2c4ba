import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { ApprovalRequest, Approver } from '../../permissions/approvals/approval-request.js'

/** The message the model gets when a call needs approval and the MCP client cannot be asked. */
export const noElicitationMessage =
  'This call needs approval, and the MCP client did not declare the elicitation capability, so no one can be asked. Change the permission rules of the served profile to allow it.'

/**
 * The approver of an MCP session. When the client declared `elicitation`, the person is asked
 * through `elicitation/create` (accept runs the call once; decline or cancel denies it). Otherwise
 * the call is denied: an MCP call must answer now, so it never waits as a durable request.
 */
export function mcpApprover(server: Server): Approver {
  return async (request, signal) => {
    if (server.getClientCapabilities()?.elicitation === undefined) return { behavior: 'deny', message: noElicitationMessage, approver: 'mcp' }
    const answer = await server.elicitInput({ mode: 'form', message: approvalMessage(request), requestedSchema: { type: 'object', properties: {} } }, { signal })
    if (answer.action === 'accept') return { behavior: 'allow', scope: 'once', approver: 'mcp-elicitation' }
    return { behavior: 'deny', message: `The MCP client's user ${answer.action === 'decline' ? 'declined' : 'dismissed'} the approval request.`, approver: 'mcp-elicitation' }
  }
}

function approvalMessage(request: ApprovalRequest): string {
  return [`Allow the tool ${request.alias} to run?`, `Reason: ${request.reason}`, 'Input:', request.inputText].join('\n')
}
