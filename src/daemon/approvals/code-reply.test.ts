import { describe, expect, it } from 'vitest'
import { maskedCodeReply, parseCodeReply } from './code-reply.js'

describe('parseCodeReply', () => {
  it('reads a bare code, with a space or a dash, and approval words', () => {
    expect(parseCodeReply('004219')).toEqual({ behavior: 'allow', code: '004219' })
    expect(parseCodeReply(' 004 219 ')).toEqual({ behavior: 'allow', code: '004219' })
    expect(parseCodeReply('004-219')).toEqual({ behavior: 'allow', code: '004219' })
    expect(parseCodeReply('Approve 004219')).toEqual({ behavior: 'allow', code: '004219' })
  })

  it('reads a denial with and without a reason', () => {
    expect(parseCodeReply('deny 123456')).toEqual({ behavior: 'deny', code: '123456' })
    expect(parseCodeReply('DENY 123456 use the staging host\nplease')).toEqual({
      behavior: 'deny',
      code: '123456',
      reason: 'use the staging host\nplease',
    })
  })

  it('leaves ordinary messages alone', () => {
    for (const text of ['12345', '1234567', 'call 123456', '123456 apples', 'deny', 'hello 123456', '123 4567'])
      expect(parseCodeReply(text), text).toBeUndefined()
  })

  it('never stores the code itself', () => {
    expect(maskedCodeReply({ behavior: 'allow', code: '123456' })).toBe('••••••')
    expect(maskedCodeReply({ behavior: 'deny', code: '123456', reason: 'no' })).toBe('deny •••••• no')
  })
})
