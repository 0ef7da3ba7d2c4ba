import { describe, expect, it } from 'vitest'
import { completeUtf8 } from './complete-utf8.js'

describe('completeUtf8', () => {
  it('drops a sequence cut off at the end and keeps whole ones', () => {
    const text = Buffer.from('a€😀')
    expect(completeUtf8(text).toString()).toBe('a€😀')
    for (let cut = 1; cut < text.length; cut++) {
      const kept = completeUtf8(text.subarray(0, cut)).toString()
      expect(kept).not.toContain('\ufffd')
      expect('a€😀'.startsWith(kept)).toBe(true)
    }
    expect(completeUtf8(Buffer.from('abc'))).toEqual(Buffer.from('abc'))
  })
})
