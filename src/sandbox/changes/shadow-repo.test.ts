import { describe, expect, it } from 'vitest'
import { unindexable } from './shadow-repo.js'

describe('unindexable', () => {
  it('reads the paths git add could not index from its messages', () => {
    const stderr = [
      'error: open("secret ä.txt"): Permission denied',
      "error: unable to index file 'secret ä.txt'",
      "error: 'vendor/lib/' does not have a commit checked out",
      'fatal: adding files failed',
    ].join('\n')
    expect(unindexable(stderr)).toEqual(['secret ä.txt', 'vendor/lib'])
  })

  it('finds none in other failures, so they are reported instead of retried', () => {
    expect(unindexable("fatal: Unable to create '/s/index.lock': File exists.")).toEqual([])
  })
})
