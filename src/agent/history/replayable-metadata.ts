import type { SharedV4ProviderOptions } from '@ai-sdk/provider'
import type { ProviderMetadata } from '../../store/transcript.js'

/**
 * Providers whose part metadata must come back on replay: Anthropic's thinking signatures and
 * redacted thinking, Gemini's thought signatures on calls and reasoning.
 */
const replayedProviders = ['anthropic', 'google', 'vertex']

/**
 * What OpenAI's Responses API needs of a reasoning part: its item id and encrypted content.
 * `@ai-sdk/openai` sends them back as the reasoning item itself when nothing is stored at OpenAI
 * (`store: false`, the default) and as a reference to the stored item when the profile stores.
 * OpenAI's other item ids are left out: for calls and text the Responses API would reference stored
 * items, which a run resumed later (or against another deployment) cannot rely on.
 */
const openaiReasoningKeys = ['itemId', 'reasoningEncryptedContent']

/** Which part of a turn metadata belongs to. */
export type ReplayedPart = 'reasoning' | 'call'

/** The part of a stored part's metadata to send back as its provider options, if any. */
export function replayableMetadata(
  metadata: ProviderMetadata | undefined,
  part: ReplayedPart = 'call',
): SharedV4ProviderOptions | undefined {
  if (metadata === undefined) return undefined
  const kept: [string, Record<string, unknown>][] = Object.entries(metadata)
    .filter(([provider]) => replayedProviders.includes(provider))
    .map(([provider, values]) => [provider, { ...values }])
  const openai = part === 'reasoning' ? metadata.openai : undefined
  if (openai !== undefined && typeof openai.itemId === 'string')
    kept.push([
      'openai',
      Object.fromEntries(Object.entries(openai).filter(([key]) => openaiReasoningKeys.includes(key))),
    ])
  if (kept.length === 0) return undefined
  return Object.fromEntries(kept) as SharedV4ProviderOptions
}
