import { mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import { createWorkspace } from './create-workspace.js'
import { checkPathSize, workspacePathLimits } from './path-limits.js'

const code = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string }) => error.code,
  )
const message = async (promise: Promise<unknown>) =>
  promise.then(
    () => '',
    (error: Error) => error.message,
  )

describe('checkPathSize', () => {
  const { maxPathBytes, maxNameBytes, maxDepth } = workspacePathLimits

  it('lets paths within the limits through', () => {
    expect(() => checkPathSize('src/index.ts')).not.toThrow()
    expect(() => checkPathSize('n'.repeat(maxNameBytes))).not.toThrow()
    expect(() => checkPathSize('d/'.repeat(maxDepth - 1) + 'f')).not.toThrow()
    // `..` and `.` are not folders gone down.
    expect(() => checkPathSize('a/../'.repeat(300) + 'f')).not.toThrow()
  })

  it('refuses a long path, a long name and a deep path, showing the path cut short', () => {
    for (const path of [
      'p'.repeat(maxPathBytes + 1),
      'é'.repeat(maxPathBytes / 2 + 1),
      'n'.repeat(maxNameBytes + 1),
      'd/'.repeat(maxDepth) + 'f',
    ]) {
      let error: { code?: string; message?: string } = {}
      try {
        checkPathSize(path)
      } catch (thrown) {
        error = thrown as typeof error
      }
      expect(error.code, path.slice(0, 20)).toBe('workspace.path_too_long')
      expect(error.message?.length).toBeLessThan(200)
    }
  })
})

describe('hostile sizes in the workspace', () => {
  it('refuses over-limit paths before touching the disk, for every operation', async () => {
    const root = tempDir('toolhost-ws-limits-')
    const ws = createWorkspace([{ at: '', hostDir: root, access: 'read-write' }])
    const deep = 'd/'.repeat(2000) + 'f.txt'
    const long = 'c'.repeat(300)
    for (const path of [deep, long, 'b'.repeat(100_000)]) {
      expect(await code(ws.readFile(path))).toBe('workspace.path_too_long')
      expect(await code(ws.writeFile(path, 'x'))).toBe('workspace.path_too_long')
      expect(await code(ws.list(path))).toBe('workspace.path_too_long')
      expect(await code(ws.stat(path))).toBe('workspace.path_too_long')
      expect(await code(ws.move('x', path))).toBe('workspace.path_too_long')
    }
    expect(readdirSync(root)).toEqual([])
  })

  it('turns a path the host finds too long into a recoverable error without the host path', async () => {
    const root = tempDir('toolhost-ws-limits-')
    const ws = createWorkspace([{ at: '', hostDir: root, access: 'read-write' }])
    // Within the limits as a workspace path, past PATH_MAX once the root is put in front.
    const path = Array.from({ length: 16 }, () => 'n'.repeat(254)).join('/')
    expect(Buffer.byteLength(path)).toBeLessThanOrEqual(workspacePathLimits.maxPathBytes)
    for (const attempt of [() => ws.readFile(path), () => ws.writeFile(path, 'x'), () => ws.list(path)]) {
      const error = await attempt().then(
        () => undefined,
        (thrown: { code?: string; message: string }) => thrown,
      )
      expect(error?.code).toMatch(/^workspace\.(path_too_long|not_found)$/)
      expect(error?.message).not.toContain(root)
    }
    expect(await message(ws.writeFile(path, 'x'))).toContain('too long')
  })

  it('refuses a file name the host finds too long as path_too_long', async () => {
    const root = tempDir('toolhost-ws-limits-')
    mkdirSync(join(root, 'dir'))
    const ws = createWorkspace([{ at: '', hostDir: root, access: 'read-write' }])
    // 255 bytes is within NAME_MAX, but the temporary file written beside it is longer.
    const name = `dir/${'m'.repeat(workspacePathLimits.maxNameBytes)}`
    const error = await ws.writeFile(name, 'x').then(
      () => undefined,
      (thrown: { code?: string; message: string }) => thrown,
    )
    expect(error?.code).toBe('workspace.path_too_long')
    expect(error?.message).not.toContain(root)
  })
})
