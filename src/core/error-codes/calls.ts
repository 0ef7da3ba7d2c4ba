import type { ErrorCodeTable } from './error-code-info.js'

/** Codes of the call path: the gate, permissions, scheduling and the run's budgets. */
export const callErrorCodes = {
  'tool.invalid_arguments': {
    kind: 'recoverable',
    meaning:
      "The arguments are not a JSON object, nest too deep, or do not fit the tool's schema (a missing or wrong field, an unknown key, a tools_call inside tools_call).",
    texts: [
      'gate/texts/arguments-not-object.txt',
      'gate/texts/arguments-too-deep.txt',
      'gate/texts/arguments-invalid.txt',
      'gate/texts/tools-call-nested.txt',
      'execution/run/texts/arguments-overflow.txt',
    ],
  },
  'tool.unavailable': {
    kind: 'recoverable',
    meaning: 'The snapshot offers the tool, but its implementation is gone (an extension or server was removed).',
    texts: ['gate/texts/tool-unavailable.txt'],
  },
  'tool.timeout': {
    kind: 'recoverable',
    meaning: "The call ran longer than the tool's timeout and was stopped.",
    texts: ['execution/texts/call-timed-out.txt'],
  },
  'tool.cancelled': {
    kind: 'recoverable',
    meaning: "The run's signal was aborted while the call was running.",
    texts: ['execution/texts/call-cancelled.txt'],
  },
  'tool.outcome_unknown': {
    kind: 'recoverable',
    meaning:
      'The call may have run, but its result was lost (a crash before it was recorded, an MCP connection that broke after sending); it is never retried automatically.',
    texts: ['agent/history/texts/outcome-unknown.md', 'mcp/client/texts/outcome-unknown.txt'],
  },
  'tool.turn_snapshot_mismatch': {
    kind: 'fatal',
    meaning: "The turn was built on another snapshot than the invocation's.",
  },
  'model.unknown_tool_call': {
    kind: 'recoverable',
    meaning: 'The model called a name the snapshot does not offer, or a deferred tool it has not discovered yet.',
    texts: [
      'gate/texts/unknown-tool.txt',
      'gate/texts/unknown-tool-deferred-note.txt',
      'gate/texts/unknown-deferred-tool.txt',
      'gate/texts/deferred-not-discovered.txt',
    ],
  },
  'model.tool_choice_violation': {
    kind: 'fatal',
    meaning:
      "The model's calls break the turn's tool choice (a call under none, no call under required, another tool than the named one).",
  },
  'agent.tool_budget_exhausted': {
    kind: 'recoverable',
    meaning: 'The run or this tool has used all the calls the profile allows.',
    texts: ['gate/texts/run-budget-exhausted.txt', 'gate/texts/tool-budget-exhausted.txt'],
  },
  'agent.tool_after_finish': {
    kind: 'recoverable',
    meaning: 'A tool that completes the run was not the last call of its turn.',
    texts: ['gate/texts/tool-after-finish.txt'],
  },
  'permission.denied': {
    kind: 'recoverable',
    meaning:
      'A permission rule, a hook or a person refused the call, an approval expired, or a link leads to a denied path.',
    texts: [
      'permissions/texts/permission-denied.txt',
      'permissions/texts/approval-denied.txt',
      'permissions/texts/approval-expired.txt',
      'tools/workspace/files/texts/link-to-denied.txt',
    ],
  },
} as const satisfies ErrorCodeTable
