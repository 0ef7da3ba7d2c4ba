import { describe, expect, it } from 'vitest'
import { consoleLine } from './console-line.js'

describe('consoleLine', () => {
  it('shows time, level, message and correlation id on one line', () => {
    expect(
      consoleLine('{"level":30,"time":"2026-01-02T03:04:05.678Z","msg":"started","correlationId":"c1","pid":1}'),
    ).toBe('2026-01-02T03:04:05.678Z INFO  started [c1]\n')
    expect(consoleLine('{"level":50,"time":0,"msg":"two\\nlines","err":{"message":"boom"}}')).toBe(
      '1970-01-01T00:00:00.000Z ERROR two ⏎ lines — boom\n',
    )
  })

  it('passes a line that is not a JSON record through as one line', () => {
    expect(consoleLine('plain text\n')).toBe('plain text\n')
    expect(consoleLine('[1,2]')).toBe('[1,2]\n')
  })
})
