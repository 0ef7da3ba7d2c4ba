import { randomBytes } from 'node:crypto'
import type { ApprovalRequest } from './approval-request.js'
import { makeVisible } from '../../text/make-visible.js'

/** What a request is about; the id and the text shown to the person are made here. */
export type ApprovalRequestFields = Omit<ApprovalRequest, 'id' | 'inputText' | 'alwaysRulesFile'>

/**
 * The one place approval requests are made (before a call runs and while it runs): an unguessable
 * id, and the input as the person sees it — pretty JSON with control and bidi characters visible.
 */
export function approvalRequestFor(fields: ApprovalRequestFields): ApprovalRequest {
  return {
    id: `apr_${randomBytes(16).toString('hex')}`,
    ...fields,
    inputText: makeVisible(JSON.stringify(fields.input, null, 2)),
  }
}
