import { Box, Text, useInput } from 'ink'
import { useState, type ReactElement } from 'react'
import { InputBox } from '../input/input-box.js'
import type { InputHistory } from '../input/input-history.js'
import type { ChatApprovals } from '../session/chat-approvals.js'
import type { PendingApproval } from '../state/chat-state.js'
import { approvalText } from './approval-text.js'

/** Props of {@link ApprovalPrompt}. */
export interface ApprovalPromptProps {
  readonly approval: PendingApproval
  readonly approvals: ChatApprovals
  readonly history: InputHistory
  readonly width: number
  readonly color: boolean
}

/**
 * An approval asked inline: `y` allows once, `a` always (the rule is saved where the question
 * says), `n` asks for a message the model is given with the denial, Esc denies without one.
 * Nothing else answers it: a stray key is never a yes.
 */
export function ApprovalPrompt(props: ApprovalPromptProps): ReactElement {
  const { approval, approvals } = props
  const [denying, setDenying] = useState(false)
  const id = approval.request.id
  useInput((input, key) => {
    if (key.escape) {
      approvals.decide(id, { behavior: 'deny', approver: 'terminal' })
      return
    }
    if (denying || key.ctrl || key.meta) return
    const answer = input.toLowerCase()
    if (answer === 'y') approvals.decide(id, { behavior: 'allow', scope: 'once', approver: 'terminal' })
    else if (answer === 'a') approvals.decide(id, { behavior: 'allow', scope: 'always', approver: 'terminal' })
    else if (answer === 'n') setDenying(true)
  })
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text>{approvalText(approval, { width: props.width, color: props.color })}</Text>
      {denying && (
        <InputBox
          prompt="why not? (Enter denies with it, Esc without) > "
          history={props.history}
          width={props.width}
          color={props.color}
          onSubmit={(message) =>
            approvals.decide(id, { behavior: 'deny', message: message.trim(), approver: 'terminal' })
          }
        />
      )}
    </Box>
  )
}
