import { firstMatchingPattern } from '../../core/tool-pattern.js'
import type { JsonSchema } from '../../core/json-schema.js'
import type { ToolId, ToolSourceKind } from '../../core/tool-id.js'

/** The model context assumed for `tools.deferred: 'auto'` when the invocation does not give one. */
export const defaultContextTokens = 128_000

/** The profile settings deferral reads (`tools.deferred`, `tools.deferThreshold`). */
export interface DeferralSettings {
  readonly deferred: 'auto' | readonly string[]
  readonly deferThreshold: number
}

/** A tool of the snapshot as deferral sees it. */
export interface DeferralCandidate {
  readonly toolId: ToolId
  readonly source: ToolSourceKind
  readonly alias: string
  readonly description: string
  readonly inputSchema: JsonSchema
  /** Completion tools always stay in the list: the model must always see how to finish. */
  readonly completion: boolean
}

/** Which tools leave the model's list, and why. */
export interface Deferral {
  readonly deferred: ReadonlySet<ToolId>
  /** With `auto`: estimated tokens of every candidate's definition, deferred or not. */
  readonly estimatedTokens?: number
  /** With `auto`: tokens the definitions may take before tools are deferred. */
  readonly budgetTokens?: number
}

/**
 * Estimated tokens of one tool definition as a model reads it: its JSON size / 4, the usual rule
 * of thumb for English and JSON with current tokenizers.
 */
export function estimateToolTokens(tool: Pick<DeferralCandidate, 'alias' | 'description' | 'inputSchema'>): number {
  return Math.ceil(
    JSON.stringify({ name: tool.alias, description: tool.description, parameters: tool.inputSchema }).length / 4,
  )
}

/**
 * Decides which tools are deferred (DESIGN §12). With patterns, every tool whose id matches one.
 * With `auto`, nothing while the definitions fit in `deferThreshold` of the context; past it,
 * every tool from MCP, extensions and processes (builtins are the agent's core and stay, unless a
 * pattern names them). Completion tools are never deferred.
 */
export function decideDeferral(
  candidates: readonly DeferralCandidate[],
  settings: DeferralSettings,
  contextTokens: number,
): Deferral {
  const deferrable = candidates.filter((c) => !c.completion)
  if (settings.deferred !== 'auto') {
    const patterns = settings.deferred
    const deferred =
      patterns.length === 0 ? [] : deferrable.filter((c) => firstMatchingPattern(patterns, c.toolId) >= 0)
    return { deferred: new Set(deferred.map((c) => c.toolId)) }
  }
  let estimatedTokens = 0
  for (const candidate of candidates) estimatedTokens += estimateToolTokens(candidate)
  const budgetTokens = Math.floor(settings.deferThreshold * contextTokens)
  const deferred = estimatedTokens <= budgetTokens ? [] : deferrable.filter((c) => c.source !== 'builtin')
  return { deferred: new Set(deferred.map((c) => c.toolId)), estimatedTokens, budgetTokens }
}
