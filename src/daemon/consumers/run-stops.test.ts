import { expect, it } from 'vitest'
import { RunStops } from './run-stops.js'

it('stops only the runs it was told about, until their driver is done', () => {
  const stops = new RunStops()
  const stop = stops.track()
  expect(stops.stop('run_a')).toBe(false)
  stops.name(stop, 'run_a')
  expect(stops.drives('run_a')).toBe(true)
  expect(stops.stop('run_a', 'asked to')).toBe(true)
  expect(stop.signal.aborted).toBe(true)
  expect((stop.signal.reason as Error).message).toBe('asked to')
  stops.done(stop)
  expect(stops.drives('run_a')).toBe(false)
  expect(stops.stop('run_a')).toBe(false)
})
