import { describe, expect, it } from 'vitest'
import { resultUrl } from './result-url.js'

describe('resultUrl', () => {
  it('serves a result file from below the run\u2019s tool-results folder', () => {
    expect(resultUrl('run_1', 'tool-results/inv_1/round-001-call_ab-file-1.png')).toBe(
      '/api/results/run_1/inv_1/round-001-call_ab-file-1.png',
    )
    expect(resultUrl('run 1', 'inv 1/a b.png')).toBe('/api/results/run%201/inv%201/a%20b.png')
  })
})
