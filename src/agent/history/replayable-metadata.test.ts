import { describe, expect, it } from 'vitest'
import { replayableMetadata } from './replayable-metadata.js'

describe('replayableMetadata', () => {
  it('keeps Anthropic and Gemini signatures and leaves out OpenAI item ids of calls', () => {
    expect(replayableMetadata({ anthropic: { signature: 'sig' }, openai: { itemId: 'rs_1' } })).toEqual({
      anthropic: { signature: 'sig' },
    })
    expect(replayableMetadata({ google: { thoughtSignature: 'EqUC' } })).toEqual({
      google: { thoughtSignature: 'EqUC' },
    })
    expect(replayableMetadata({ openai: { itemId: 'fc_1' } })).toBeUndefined()
    expect(replayableMetadata({ openai: { itemId: 'fc_1' } }, 'call')).toBeUndefined()
    expect(replayableMetadata(undefined)).toBeUndefined()
  })

  it("keeps an OpenAI reasoning part's item id and encrypted content, and nothing else of it", () => {
    expect(
      replayableMetadata({ openai: { itemId: 'rs_1', reasoningEncryptedContent: 'enc', other: 1 } }, 'reasoning'),
    ).toEqual({ openai: { itemId: 'rs_1', reasoningEncryptedContent: 'enc' } })
    expect(replayableMetadata({ openai: { itemId: 'rs_1', reasoningEncryptedContent: null } }, 'reasoning')).toEqual({
      openai: { itemId: 'rs_1', reasoningEncryptedContent: null },
    })
    expect(replayableMetadata({ openai: { reasoningEncryptedContent: 'enc' } }, 'reasoning')).toBeUndefined()
    expect(replayableMetadata({ anthropic: { signature: 'sig' } }, 'reasoning')).toEqual({
      anthropic: { signature: 'sig' },
    })
  })
})
