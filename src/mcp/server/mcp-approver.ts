import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { ApprovalRequest, Approver } from '../../permissions/approvals/approval-request.js'
import { noElicitationMessage } from './no-elicitation-message.js'
import { canElicitForm } from './protocol-version.js'

/**
 * The approver of an MCP session. When the client can answer form elicitation, the person is asked
 * through `elicitation/create` (accept runs the call once; decline or cancel denies it). Otherwise,
 * and when the client answers the elicitation with an error, the call is denied: an MCP call must
 * answer now, so it never waits as a durable request, and a denial is a result the model reads.
 * The request goes over the session's own transport, which only its authenticated client reaches.
 */
export function mcpApprover(server: Server): Approver {
  return async (request, signal) => {
    if (!canElicitForm(server)) return { behavior: 'deny', message: noElicitationMessage, approver: 'mcp' }
    let answer: Awaited<ReturnType<Server['elicitInput']>>
    try {
      answer = await server.elicitInput(
        { mode: 'form', message: approvalMessage(request), requestedSchema: { type: 'object', properties: {} } },
        { signal },
      )
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return {
        behavior: 'deny',
        message: `The approval request failed (${reason}), so the call was not run.`,
        approver: 'mcp-elicitation',
      }
    }
    if (answer.action === 'accept') return { behavior: 'allow', scope: 'once', approver: 'mcp-elicitation' }
    return {
      behavior: 'deny',
      message: `The MCP client's user ${answer.action === 'decline' ? 'declined' : 'dismissed'} the approval request.`,
      approver: 'mcp-elicitation',
    }
  }
}

function approvalMessage(request: ApprovalRequest): string {
  return [`Allow the tool ${request.alias} to run?`, `Reason: ${request.reason}`, 'Input:', request.inputText].join(
    '\n',
  )
}
