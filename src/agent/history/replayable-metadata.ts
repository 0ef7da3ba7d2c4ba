import type { SharedV4ProviderOptions } from '@ai-sdk/provider'
import type { ProviderMetadata } from './transcript.js'

/**
 * Providers whose part metadata must come back on replay: Anthropic's thinking signatures and
 * redacted thinking, Gemini's thought signatures on calls and reasoning. OpenAI's item ids are
 * left out on purpose: with them the Responses API would reference stored server-side items,
 * which a run resumed later (or against another deployment) cannot rely on.
 */
const replayedProviders = ['anthropic', 'google', 'vertex']

/** The part of a stored part's metadata to send back as its provider options, if any. */
export function replayableMetadata(metadata: ProviderMetadata | undefined): SharedV4ProviderOptions | undefined {
  if (metadata === undefined) return undefined
  const kept = Object.entries(metadata).filter(([provider]) => replayedProviders.includes(provider))
  if (kept.length === 0) return undefined
  return Object.fromEntries(kept.map(([provider, values]) => [provider, { ...values }])) as SharedV4ProviderOptions
}
