import { describe, expect, it } from 'vitest'
import { ActivityIndicator, showsActivity } from './activity-indicator.js'

/** A terminal stream that records what is drawn. */
function fakeTerminal(isTTY = true) {
  const writes: string[] = []
  return { stream: { isTTY, write: (text: string) => writes.push(text) }, writes }
}

describe('showsActivity', () => {
  it('shows activity only to a person at a terminal', () => {
    expect(showsActivity({ stdoutIsTTY: true, stderrIsTTY: true, json: false })).toBe(true)
    expect(showsActivity({ stdoutIsTTY: false, stderrIsTTY: true, json: false })).toBe(false)
    expect(showsActivity({ stdoutIsTTY: true, stderrIsTTY: undefined, json: false })).toBe(false)
    expect(showsActivity({ stdoutIsTTY: true, stderrIsTTY: true, json: true })).toBe(false)
  })
})

describe('ActivityIndicator', () => {
  it('draws a spinner with the label and the seconds since it was shown, in place', () => {
    const { stream, writes } = fakeTerminal()
    let now = 10_000
    const indicator = new ActivityIndicator(stream, { now: () => now, intervalMs: 0 })
    indicator.show('waiting for the model')
    now += 3_500
    indicator.draw()
    expect(writes).toEqual(['\r\x1b[K⠋ waiting for the model 0s', '\r\x1b[K⠙ waiting for the model 3s'])
  })

  it('times a label from a moment in the past when told how long ago it began', () => {
    const { stream, writes } = fakeTerminal()
    let now = 50_000
    const indicator = new ActivityIndicator(stream, { now: () => now, intervalMs: 0 })
    indicator.show('shell: compiling', 7_200)
    now += 1_000
    indicator.draw()
    expect(writes).toEqual(['\r\x1b[K⠋ shell: compiling 7s', '\r\x1b[K⠙ shell: compiling 8s'])
  })

  it('clears its line before other output and when the label changes', () => {
    const { stream, writes } = fakeTerminal()
    const indicator = new ActivityIndicator(stream, { now: () => 0, intervalMs: 0 })
    indicator.show('running dice_roll')
    indicator.clear()
    indicator.clear()
    indicator.show('waiting for the model')
    indicator.show('waiting for the model')
    indicator.stop()
    expect(writes).toEqual([
      '\r\x1b[K⠋ running dice_roll 0s',
      '\r\x1b[K',
      '\r\x1b[K⠙ waiting for the model 0s',
      '\r\x1b[K',
    ])
  })

  it('stays hidden while paused (an approval question) and comes back after', () => {
    const { stream, writes } = fakeTerminal()
    const indicator = new ActivityIndicator(stream, { now: () => 0, intervalMs: 0 })
    indicator.show('running workspace_shell')
    indicator.pause()
    indicator.draw()
    expect(writes).toEqual(['\r\x1b[K⠋ running workspace_shell 0s', '\r\x1b[K'])
    indicator.resume()
    expect(writes.at(-1)).toBe('\r\x1b[K⠙ running workspace_shell 0s')
    indicator.stop()
  })
})
