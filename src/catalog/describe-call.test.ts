import { describe, expect, it } from 'vitest'
import { describeCall, maxCallDescriptionChars } from './describe-call.js'

const tool = (render?: (input: Record<string, unknown>) => string) =>
  render === undefined ? {} : { renderToolUseMessage: render }

describe('describeCall', () => {
  it("is the tool's own one-line description of the input", () => {
    expect(
      describeCall(
        tool((input) => `Roll ${String(input.formula)}`),
        { formula: '2d6' },
      ),
    ).toBe('Roll 2d6')
  })

  it('keeps it on one line, makes hidden characters visible, and cuts it short', () => {
    expect(
      describeCall(
        tool(() => 'Run ls\n  && rm x'),
        {},
      ),
    ).toBe('Run ls && rm x')
    expect(
      describeCall(
        tool(() => 'Edit a\u202Etxt.sh'),
        {},
      ),
    ).toBe('Edit a⟨U+202E⟩txt.sh')
    const long = describeCall(
      tool(() => 'x'.repeat(500)),
      {},
    )
    expect(long).toHaveLength(maxCallDescriptionChars)
    expect(long?.endsWith('…')).toBe(true)
  })

  it('is undefined when the tool has none, says nothing, or throws', () => {
    expect(describeCall(tool(), {})).toBeUndefined()
    expect(
      describeCall(
        tool(() => '  '),
        {},
      ),
    ).toBeUndefined()
    expect(
      describeCall(
        tool(() => {
          throw new Error('bad input')
        }),
        {},
      ),
    ).toBeUndefined()
  })
})
