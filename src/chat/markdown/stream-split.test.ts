import { describe, expect, it } from 'vitest'
import { splitStreamingMarkdown } from './stream-split.js'

const done = (text: string): string => splitStreamingMarkdown(text).done

describe('splitStreamingMarkdown', () => {
  it('keeps everything pending until a block is complete', () => {
    expect(splitStreamingMarkdown('')).toEqual({ done: '', pending: '' })
    expect(splitStreamingMarkdown('Some te')).toEqual({ done: '', pending: 'Some te' })
    expect(done('line one\nline two\n')).toBe('')
  })

  it('ends the done part at a blank line once the next block has begun', () => {
    expect(splitStreamingMarkdown('# Title\n\nSome te')).toEqual({ done: '# Title\n\n', pending: 'Some te' })
    expect(done('a\n\nb\n\nc')).toBe('a\n\nb\n\n')
    // A blank line at the end may still be followed by an indented continuation.
    expect(done('a\n\n')).toBe('')
    expect(done('a\n\n\n\nb')).toBe('a\n\n\n\n')
  })

  it('does not end at a blank line followed by an indented line', () => {
    expect(done('- item\n\n  more of the item\n')).toBe('')
    expect(done('para\n\n    code\n\n    more code\n\nnext')).toBe('para\n\n    code\n\n    more code\n\n')
  })

  it('never cuts inside a fenced code block', () => {
    expect(done('```js\nconst a = 1\n\nconst b = 2\n')).toBe('')
    expect(done('intro\n\n```js\nconst a = 1\n\nconst b')).toBe('intro\n\n')
    expect(done('~~~\n```\n\n~~~\nafter')).toBe('~~~\n```\n\n~~~\n')
  })

  it('ends the done part after a closed fence', () => {
    expect(splitStreamingMarkdown('```\ncode\n```\nText')).toEqual({ done: '```\ncode\n```\n', pending: 'Text' })
    // The closing line must be complete: more backticks may still come.
    expect(done('```\ncode\n```')).toBe('')
    expect(done('````\na\n```\nb\n````\n')).toBe('````\na\n```\nb\n````\n')
    expect(done('```\na\n``` not a close\n')).toBe('')
  })

  it('keeps a fence inside a list item with its item', () => {
    expect(done('- item\n  ```\n  code\n  ```\n  more')).toBe('')
  })

  it('keeps lists and tables whole until a blank line ends them', () => {
    expect(done('- a\n- b\n- c')).toBe('')
    expect(done('- a\n- b\n\nAfter')).toBe('- a\n- b\n\n')
    expect(done('| a | b |\n|---|---|\n| 1 | 2 |\n')).toBe('')
    expect(done('| a | b |\n|---|---|\n| 1 | 2 |\n\nNext')).toBe('| a | b |\n|---|---|\n| 1 | 2 |\n\n')
  })

  it('understands CRLF line breaks', () => {
    expect(splitStreamingMarkdown('a\r\n\r\nb')).toEqual({ done: 'a\r\n\r\n', pending: 'b' })
    expect(done('```\r\nx\r\n\r\ny\r\n```\r\nz')).toBe('```\r\nx\r\n\r\ny\r\n```\r\n')
  })

  it('always splits the text into two parts that make it whole again', () => {
    const text = '# T\n\npara one\ntwo\n\n```ts\nx\n\ny\n```\n- a\n- b\n\n  c\n\n| h |\n|---|\n| v |\n\nend'
    let previous = 0
    for (let i = 0; i <= text.length; i++) {
      const prefix = text.slice(0, i)
      const split = splitStreamingMarkdown(prefix)
      expect(split.done + split.pending).toBe(prefix)
      // What is done stays done as more text arrives.
      expect(split.done.length).toBeGreaterThanOrEqual(previous)
      previous = split.done.length
    }
  })
})
