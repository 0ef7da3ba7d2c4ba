import { describe, expect, it } from 'vitest'
import type { AgentToolResult } from '../tool/agent-tool-result.js'
import type { ToolId } from '../core/tool-id.js'
import { callPhases, isTerminal, terminalCallPhases, type CallPhase, type CallState } from './call-state.js'
import { callTransitions, canTransition, IllegalCallTransitionError, transition } from './call-transitions.js'

const toolId = 'builtin:workspace.read_file' as ToolId
const result: AgentToolResult = { callId: 'c1', toolId, content: 'ok', isError: false, resourceRefs: [], images: [] }
const decision = { behavior: 'allow' as const, reason: 'allowed by rule', rule: 'builtin:workspace.read_file' }

/** A well-formed state of the call `c1` in each phase. */
function stateIn(phase: CallPhase): CallState {
  const base = { callId: 'c1', alias: 'workspace_read_file', round: 1 }
  const input = { path: 'a.txt' }
  switch (phase) {
    case 'requested':
      return { ...base, phase, toolId, rawArguments: '{"path":"a.txt"}' }
    case 'rejected':
      return { ...base, phase, toolId: null, result }
    case 'admitted':
    case 'running':
      return { ...base, phase, toolId, input }
    case 'denied':
      return { ...base, phase, toolId, decision: { ...decision, behavior: 'deny' }, result }
    case 'awaiting_approval':
      return { ...base, phase, toolId, input, decision, approvalId: 'apr_1', alwaysRule: 'builtin:workspace.read_file' }
    case 'scheduled':
      return { ...base, phase, toolId, input, decision }
    case 'failed':
      return { ...base, phase, toolId, error: { name: 'Error', message: 'broke' } }
    case 'succeeded':
    case 'timed_out':
    case 'cancelled':
    case 'outcome_unknown':
      return { ...base, phase, toolId, result }
  }
}

const legal: readonly (readonly [CallPhase, CallPhase])[] = [
  ['requested', 'rejected'],
  ['requested', 'admitted'],
  ['admitted', 'denied'],
  ['admitted', 'awaiting_approval'],
  ['admitted', 'scheduled'],
  ['awaiting_approval', 'denied'],
  ['awaiting_approval', 'scheduled'],
  ['scheduled', 'running'],
  ['scheduled', 'failed'],
  ['scheduled', 'cancelled'],
  ['running', 'succeeded'],
  ['running', 'failed'],
  ['running', 'timed_out'],
  ['running', 'cancelled'],
  ['running', 'outcome_unknown'],
]
const isLegal = (from: CallPhase, to: CallPhase) => legal.some(([a, b]) => a === from && b === to)

describe('the call transition table', () => {
  it('names every phase, and exactly the moves of the lifecycle', () => {
    expect(Object.keys(callTransitions).sort()).toEqual([...callPhases].sort())
    for (const from of callPhases)
      for (const to of callPhases) expect(canTransition(from, to), `${from} → ${to}`).toBe(isLegal(from, to))
  })

  it('lets terminal phases go nowhere, and every other phase go somewhere', () => {
    for (const phase of callPhases)
      expect(callTransitions[phase].length === 0, phase).toBe((terminalCallPhases as readonly string[]).includes(phase))
    for (const phase of callPhases) expect(isTerminal(stateIn(phase)), phase).toBe(callTransitions[phase].length === 0)
  })

  it('reaches every phase from requested', () => {
    const reached = new Set<CallPhase>(['requested'])
    for (let grew = true; grew;) {
      grew = false
      for (const from of [...reached])
        for (const to of callTransitions[from])
          if (!reached.has(to)) {
            reached.add(to)
            grew = true
          }
    }
    expect([...reached].sort()).toEqual([...callPhases].sort())
  })
})

describe('transition', () => {
  it('makes every legal move', () => {
    for (const [from, to] of legal) expect(transition(stateIn(from), stateIn(to)).phase).toBe(to)
  })

  it('refuses every illegal move, naming the call, both phases and what is allowed', () => {
    let refused = 0
    for (const from of callPhases)
      for (const to of callPhases) {
        if (isLegal(from, to)) continue
        const move = () => transition(stateIn(from), stateIn(to))
        expect(move, `${from} → ${to}`).toThrow(IllegalCallTransitionError)
        expect(move).toThrow(`Call c1 cannot go from ${from} to ${to}`)
        refused++
      }
    expect(refused).toBe(callPhases.length ** 2 - legal.length)
    expect(() => transition(stateIn('succeeded'), stateIn('running'))).toThrow('it has ended')
  })

  it('refuses to move one call into the state of another', () => {
    expect(() => transition(stateIn('requested'), { ...stateIn('admitted'), callId: 'c2' })).toThrow(
      IllegalCallTransitionError,
    )
  })
})
