import { mkdirSync, realpathSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import { realTarget } from './verified-open.js'

describe('realTarget', () => {
  const root = realpathSync(tempDir('toolhost-real-target-'))
  mkdirSync(join(root, 'real', 'sub'), { recursive: true })
  symlinkSync(join(root, 'real'), join(root, 'link'))
  symlinkSync(join(root, 'nowhere'), join(root, 'dangling'))

  it('is the real path of an existing file', async () => {
    expect(await realTarget(join(root, 'link', 'sub'))).toBe(join(root, 'real', 'sub'))
  })

  it('follows the deepest existing ancestor and appends the rest, at any depth', async () => {
    expect(await realTarget(join(root, 'link', 'new.txt'))).toBe(join(root, 'real', 'new.txt'))
    const deep = Array.from({ length: 1000 }, () => 'd').join('/')
    expect(await realTarget(join(root, 'link', 'sub', deep, 'f'))).toBe(join(root, 'real', 'sub', deep, 'f'))
    expect(await realTarget(join(root, 'missing', 'a', 'b'))).toBe(join(root, 'missing', 'a', 'b'))
  })

  it('names a dangling link itself, and a path under a file as missing', async () => {
    expect(await realTarget(join(root, 'dangling'))).toBe(join(root, 'dangling'))
    expect(await realTarget(join(root, 'dangling', 'x', 'y'))).toBe(join(root, 'dangling', 'x', 'y'))
  })
})
