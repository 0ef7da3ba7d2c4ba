import { describe, expect, it } from 'vitest'
import { unixSocketFilter } from './seccomp-filter.js'

/** The filter's instructions as [code, jt, jf, k]. */
function instructions(bytes: Buffer): number[][] {
  const list: number[][] = []
  for (let offset = 0; offset < bytes.length; offset += 8)
    list.push([
      bytes.readUInt16LE(offset),
      bytes[offset + 2] ?? 0,
      bytes[offset + 3] ?? 0,
      bytes.readUInt32LE(offset + 4),
    ])
  return list
}

/** Runs the filter on one syscall, as the kernel would: the value it returns. */
function verdict(bytes: Buffer, call: { arch: number; nr: number; arg0: number }): number {
  const program = instructions(bytes)
  let accumulator = 0
  for (let pc = 0; pc < program.length; pc++) {
    const [code, jt, jf, k] = program[pc] ?? []
    if (code === 0x20) accumulator = k === 0 ? call.nr : k === 4 ? call.arch : k === 16 ? call.arg0 : Number.NaN
    else if (code === 0x15) pc += accumulator === k ? (jt ?? 0) : (jf ?? 0)
    else if (code === 0x06) return k ?? 0
  }
  throw new Error('the filter fell off its end')
}

describe('unixSocketFilter', () => {
  const x64 = 0xc000003e
  const filter = unixSocketFilter('x64')
  if (filter === undefined) throw new Error('x64 has a filter')

  it('refuses socket(AF_UNIX) with EPERM and allows other sockets and syscalls', () => {
    expect(verdict(filter, { arch: x64, nr: 41, arg0: 1 })).toBe(0x00050001)
    expect(verdict(filter, { arch: x64, nr: 0x40000000 + 41, arg0: 1 })).toBe(0x00050001)
    expect(verdict(filter, { arch: x64, nr: 41, arg0: 2 })).toBe(0x7fff0000)
    expect(verdict(filter, { arch: x64, nr: 0, arg0: 1 })).toBe(0x7fff0000)
  })

  it('kills a process of another architecture', () => {
    expect(verdict(filter, { arch: 0x40000003, nr: 102, arg0: 1 })).toBe(0x80000000)
  })

  it('has a filter for arm64 and none for processors it does not know', () => {
    const arm = unixSocketFilter('arm64')
    if (arm === undefined) throw new Error('arm64 has a filter')
    expect(verdict(arm, { arch: 0xc00000b7, nr: 198, arg0: 1 })).toBe(0x00050001)
    expect(unixSocketFilter('mips')).toBeUndefined()
  })
})
