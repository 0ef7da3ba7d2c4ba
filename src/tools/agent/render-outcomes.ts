import { fillText } from '../../text/model-text.js'
import type { ChildOutcome } from '../../tool/run-services.js'
import { agentTexts } from './agent-texts.js'

/** The sub-agent result budget (DESIGN §13), in tokens. */
export const awaitTokenBudget = 8_000
/** Characters per token assumed for the budget. */
export const charsPerToken = 4
/** The budget in characters (≈ 32,000). */
export const awaitCharBudget = awaitTokenBudget * charsPerToken

/** One child's outcome as the model reads it. */
export function renderOutcome(outcome: ChildOutcome, awaitAlias: string): string {
  const { childId, agentId } = outcome
  if (outcome.state === 'running') return fillText(agentTexts.awaitRunning, { childId, agentId, await: awaitAlias })
  if (outcome.result !== undefined) {
    const { summary, status, artifacts } = outcome.result
    const text = fillText(agentTexts.awaitReturned, {
      childId,
      agentId,
      status,
      summary: summary.trim() === '' ? '(no summary)' : summary.trim(),
    })
    return artifacts.length === 0
      ? text
      : `${text}\n${fillText(agentTexts.awaitArtifacts, { artifacts: artifacts.join(', ') })}`
  }
  const template = outcome.state === 'cancelled' ? agentTexts.awaitCancelled : agentTexts.awaitFailed
  return fillText(template, { childId, agentId, error: outcome.error ?? '(no reason given)' })
}

/**
 * The outcomes as one text within `budget` characters: a header counting the states, then one
 * block per child. When the blocks do not fit, each gets a fair share (short blocks are kept whole,
 * the room they leave goes to the long ones), a cut block says how much of it is shown, and a note
 * at the end says the results were cut.
 */
export function renderOutcomes(
  outcomes: readonly ChildOutcome[],
  awaitAlias: string,
  budget: number = awaitCharBudget,
): { text: string; cut: boolean } {
  const count = (states: ReadonlyArray<ChildOutcome['state']>) =>
    outcomes.filter((o) => states.includes(o.state)).length
  const header = fillText(agentTexts.awaitHeader, {
    returned: count(['returned']),
    failed: count(['failed', 'cancelled']),
    running: count(['running']),
  })
  const blocks = outcomes.map((outcome) => renderOutcome(outcome, awaitAlias))
  const whole = [header, ...blocks].join('\n\n')
  if (whole.length <= budget) return { text: whole, cut: false }

  const note = fillText(agentTexts.awaitCutNote, { tokens: Math.round(budget / charsPerToken).toLocaleString('en-US') })
  const separators = 2 * (blocks.length + 1)
  const shares = fairShares(
    blocks.map((block) => block.length),
    Math.max(0, budget - header.length - note.length - separators),
  )
  const cutBlocks = blocks.map((block, index) => cutBlock(block, shares[index] ?? 0))
  return { text: [header, ...cutBlocks, note].join('\n\n'), cut: true }
}

/** Water-filling: sizes up to their length, the rest of `total` split evenly among the larger ones. */
function fairShares(lengths: readonly number[], total: number): number[] {
  const shares = lengths.map(() => 0)
  const order = lengths.map((length, index) => ({ length, index })).sort((a, b) => a.length - b.length)
  let left = total
  order.forEach(({ length, index }, position) => {
    const even = Math.floor(left / (order.length - position))
    const share = Math.min(length, even)
    shares[index] = share
    left -= share
  })
  return shares
}

/** A block cut to at most `size` characters (its note included), at a line break when one is near. */
function cutBlock(block: string, size: number): string {
  if (block.length <= size) return block
  const marker = (shown: number) =>
    `\n${fillText(agentTexts.awaitCutBlock, { shown: shown.toLocaleString('en-US'), total: block.length.toLocaleString('en-US') })}`
  const room = Math.max(0, size - marker(block.length).length)
  let end = room
  const lineBreak = block.lastIndexOf('\n', room)
  if (lineBreak > room * 0.8) end = lineBreak
  else if (end > 0 && /[\uD800-\uDBFF]/.test(block.charAt(end - 1))) end -= 1
  const head = block.slice(0, end).trimEnd()
  return `${head}${marker(head.length)}`
}
