import { describe, expect, it } from 'vitest'
import { resultFileUrl } from './result-file-route.js'

describe('resultFileUrl', () => {
  it('serves a workspace result path under the run, without its tool-results folder, each part encoded', () => {
    expect(resultFileUrl('run_1', 'tool-results/inv_1/round-001-call_ab-image-1.png')).toBe(
      '/api/results/run_1/inv_1/round-001-call_ab-image-1.png',
    )
    expect(resultFileUrl('run 1', 'tool-results/inv#1/a b.png')).toBe('/api/results/run%201/inv%231/a%20b.png')
  })
})
