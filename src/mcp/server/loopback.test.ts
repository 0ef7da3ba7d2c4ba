import { describe, expect, it } from 'vitest'
import { isLoopback, loopbackHosts, refuseHeaders } from './loopback.js'

describe('Host and Origin checks', () => {
  const allowed = loopbackHosts(3000)

  it('accepts loopback hosts on the port, with or without a loopback origin', () => {
    expect(refuseHeaders('127.0.0.1:3000', undefined, allowed)).toBeUndefined()
    expect(refuseHeaders('localhost:3000', 'http://localhost:3000', allowed)).toBeUndefined()
  })

  it('refuses foreign hosts, other ports, foreign and malformed origins', () => {
    expect(refuseHeaders('evil.example.com', undefined, allowed)).toMatch(/Host/)
    expect(refuseHeaders('localhost:3001', undefined, allowed)).toMatch(/Host/)
    expect(refuseHeaders(undefined, undefined, allowed)).toMatch(/Host/)
    expect(refuseHeaders('localhost:3000', 'http://evil.example.com', allowed)).toMatch(/Origin/)
    expect(refuseHeaders('localhost:3000', 'null', allowed)).toMatch(/Origin/)
    expect(refuseHeaders('localhost:3000', 'file://localhost:3000', allowed)).toMatch(/Origin/)
  })

  it('knows loopback bind addresses', () => {
    expect(['127.0.0.1', 'localhost', '::1'].every(isLoopback)).toBe(true)
    expect(['0.0.0.0', '192.168.1.2', '::'].some(isLoopback)).toBe(false)
  })
})
