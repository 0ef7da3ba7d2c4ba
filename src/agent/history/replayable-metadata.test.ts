import { describe, expect, it } from 'vitest'
import { replayableMetadata } from './replayable-metadata.js'

describe('replayableMetadata', () => {
  it('keeps Anthropic and Gemini signatures and leaves out OpenAI item ids', () => {
    expect(replayableMetadata({ anthropic: { signature: 'sig' }, openai: { itemId: 'rs_1' } })).toEqual({ anthropic: { signature: 'sig' } })
    expect(replayableMetadata({ google: { thoughtSignature: 'EqUC' } })).toEqual({ google: { thoughtSignature: 'EqUC' } })
    expect(replayableMetadata({ openai: { itemId: 'fc_1' } })).toBeUndefined()
    expect(replayableMetadata(undefined)).toBeUndefined()
  })
})
