import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ToolCallContext, ToolOutput } from '../../../tool/define-tool.js'
import { ToolError } from '../../../core/tool-error.js'
import type { Mount } from '../../../workspace/mount.js'
import { createWorkspace } from '../../../workspace/create-workspace.js'
import { sha256Hex } from '../../../workspace/sha256.js'
import type { Workspace } from '../../../workspace/workspace.js'
import { testCallContext } from '../../../../test/call-context.js'
import { tempDir } from '../../../../test/temp-dir.js'
import { applyPatchTool } from './apply-patch.js'

/** A context over a fresh read-write root (plus any extra mounts); `root` is its host directory. */
function setup(files: Record<string, string> = {}, extraMounts: Mount[] = []): { root: string; ctx: ToolCallContext } {
  const root = tempDir('toolhost-apply-patch-')
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), content)
  }
  const workspace = createWorkspace([{ at: '', hostDir: root, access: 'read-write' }, ...extraMounts])
  return { root, ctx: testCallContext({ toolId: 'builtin:workspace.apply_patch', workspace }) }
}

async function run(ctx: ToolCallContext, patch: string): Promise<ToolOutput> {
  const result = applyPatchTool.call({ patch }, ctx)
  if (!(result instanceof Promise)) throw new Error('workspace.apply_patch should return a promise')
  return result
}

/** Applies a patch given as the lines between `*** Begin Patch` and `*** End Patch`. */
function apply(ctx: ToolCallContext, ...lines: string[]): Promise<ToolOutput> {
  return run(ctx, ['*** Begin Patch', ...lines, '*** End Patch'].join('\n'))
}

async function failure(ctx: ToolCallContext, ...lines: string[]): Promise<ToolError> {
  const error: unknown = await apply(ctx, ...lines).catch((caught: unknown) => caught)
  if (error instanceof ToolError) return error
  throw new Error(`expected a ToolError, got ${String(error)}`)
}

const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8')

describe('workspace.apply_patch', () => {
  it('applies a patch and reports each file with structured changes', async () => {
    const { root, ctx } = setup({ 'a.txt': 'one\ntwo\n', 'b.txt': 'bye\n', 'c.txt': 'c\n' })
    const output = await apply(
      ctx,
      '*** Add File: new.txt',
      '+hi',
      '*** Update File: a.txt',
      '@@',
      ' one',
      '-two',
      '+2',
      '*** Delete File: b.txt',
      '*** Update File: c.txt',
      '*** Move to: d.txt',
    )
    expect(output.content).toBe('Applied the patch:\nA new.txt\nM a.txt\nD b.txt\nR c.txt → d.txt')
    expect(output.structured).toEqual({
      files: [
        { path: 'new.txt', action: 'add', added: 1, removed: 0 },
        { path: 'a.txt', action: 'update', added: 1, removed: 1 },
        { path: 'b.txt', action: 'delete', added: 0, removed: 1 },
        { path: 'd.txt', action: 'move', from: 'c.txt', added: 0, removed: 0 },
      ],
    })
    expect(read(root, 'a.txt')).toBe('one\n2\n')
    expect(existsSync(join(root, 'b.txt'))).toBe(false)
    expect(read(root, 'd.txt')).toBe('c\n')
    expect(applyPatchTool.renderToolResultMessage?.(output)).toBe('4 files changed (+2 −2)')
  })

  it('fails on a read-only mount before writing anything else', async () => {
    const readOnly = tempDir('toolhost-apply-patch-ro-')
    writeFileSync(join(readOnly, 'x.txt'), 'x\n')
    const { root, ctx } = setup({ 'a.txt': 'a\n' }, [{ at: 'ro', hostDir: readOnly, access: 'read-only' }])
    const error = await failure(
      ctx,
      '*** Add File: new.txt',
      '+n',
      '*** Update File: a.txt',
      '@@',
      '-a',
      '+A',
      '*** Update File: ro/x.txt',
      '@@',
      '-x',
      '+y',
    )
    expect(error.code).toBe('workspace.read_only')
    expect(existsSync(join(root, 'new.txt'))).toBe(false)
    expect(read(root, 'a.txt')).toBe('a\n')
    expect(read(readOnly, 'x.txt')).toBe('x\n')
  })

  it('refuses ../ escapes and absolute host paths before writing anything', async () => {
    const { root, ctx } = setup({ 'a.txt': 'a\n' })
    const escape = await failure(ctx, '*** Update File: a.txt', '@@', '-a', '+A', '*** Add File: ../evil.txt', '+x')
    expect(escape.code).toBe('workspace.path_outside')
    expect(existsSync(join(root, '..', 'evil.txt'))).toBe(false)
    expect(read(root, 'a.txt')).toBe('a\n')
    expect((await failure(ctx, '*** Delete File: sub/../../a.txt')).code).toBe('workspace.path_outside')
  })

  it('refuses symlinks that lead outside the workspace', async () => {
    const outside = tempDir('toolhost-apply-patch-outside-')
    writeFileSync(join(outside, 'secret.txt'), 'secret\n')
    const { root, ctx } = setup({ 'a.txt': 'a\n' })
    symlinkSync(join(outside, 'secret.txt'), join(root, 'link.txt'))
    symlinkSync(outside, join(root, 'linkdir'))
    expect((await failure(ctx, '*** Update File: link.txt', '@@', '-secret', '+owned')).code).toBe(
      'workspace.path_outside',
    )
    expect(
      (await failure(ctx, '*** Update File: a.txt', '@@', '-a', '+A', '*** Add File: linkdir/new.txt', '+x')).code,
    ).toBe('workspace.path_outside')
    expect((await failure(ctx, '*** Update File: a.txt', '*** Move to: linkdir/a.txt')).code).toBe(
      'workspace.path_outside',
    )
    expect(read(outside, 'secret.txt')).toBe('secret\n')
    expect(existsSync(join(outside, 'new.txt'))).toBe(false)
    expect(read(root, 'a.txt')).toBe('a\n')
  })

  it('keeps CRLF line endings and a missing final newline', async () => {
    const { root, ctx } = setup({ 'win.txt': 'one\r\ntwo\r\nthree\r\n', 'tail.txt': 'a\nb' })
    await apply(
      ctx,
      '*** Update File: win.txt',
      '@@',
      ' one',
      '-two',
      '+2',
      '+2.5',
      '*** Update File: tail.txt',
      '@@',
      '-a',
      '+A',
    )
    expect(read(root, 'win.txt')).toBe('one\r\n2\r\n2.5\r\nthree\r\n')
    expect(read(root, 'tail.txt')).toBe('A\nb')
  })

  it('reads a patch written with CRLF line endings', async () => {
    const { root, ctx } = setup({ 'a.txt': 'a\n' })
    await run(ctx, '*** Begin Patch\r\n*** Update File: a.txt\r\n@@\r\n-a\r\n+b\r\n*** End Patch\r\n')
    expect(read(root, 'a.txt')).toBe('b\n')
  })

  it('moves a file into a new directory, editing it on the way, and keeps its mode', async () => {
    const { root, ctx } = setup({ 'run.sh': '#!/bin/sh\necho hi\n' })
    chmodSync(join(root, 'run.sh'), 0o755)
    await apply(ctx, '*** Update File: run.sh', '*** Move to: bin/tools/run.sh', '@@', '-echo hi', '+echo hello')
    expect(existsSync(join(root, 'run.sh'))).toBe(false)
    expect(read(root, 'bin/tools/run.sh')).toBe('#!/bin/sh\necho hello\n')
    expect(statSync(join(root, 'bin/tools/run.sh')).mode & 0o777).toBe(0o755)
  })

  it('records written files in the read-state and forgets removed ones', async () => {
    const { ctx } = setup({ 'a.txt': 'a\n', 'gone.txt': 'g\n', 'old.txt': 'o\n' })
    ctx.readState.record('gone.txt', sha256Hex('g\n'), true)
    ctx.readState.record('old.txt', sha256Hex('o\n'), false)
    await apply(
      ctx,
      '*** Update File: ./a.txt',
      '@@',
      '-a',
      '+b',
      '*** Delete File: gone.txt',
      '*** Update File: old.txt',
      '*** Move to: new.txt',
    )
    expect(ctx.readState.get('a.txt')).toMatchObject({ sha256: sha256Hex('b\n'), full: true })
    expect(ctx.readState.get('gone.txt')).toBeUndefined()
    expect(ctx.readState.get('old.txt')).toBeUndefined()
    expect(ctx.readState.get('new.txt')).toMatchObject({ sha256: sha256Hex('o\n'), full: false })
  })

  it('refuses with workspace.file_changed when a file changes between validation and write', async () => {
    const { root, ctx } = setup({ 'a.txt': 'a\n', 'b.txt': 'b\n' })
    // A workspace that lets someone else change b.txt just before the tool writes it.
    const racing: Workspace = {
      ...ctx.workspace,
      writeFile: async (path, data, options) => {
        if (path === 'b.txt') writeFileSync(join(root, 'b.txt'), 'someone else\n')
        return ctx.workspace.writeFile(path, data, options)
      },
    }
    const error = await failure(
      { ...ctx, workspace: racing },
      '*** Update File: a.txt',
      '@@',
      '-a',
      '+A',
      '*** Update File: b.txt',
      '@@',
      '-b',
      '+B',
      '*** Add File: c.txt',
      '+c',
    )
    expect(error.code).toBe('workspace.file_changed')
    expect(error.message).toContain(
      'The patch was applied only in part. Already done: M a.txt. Not done: M b.txt, A c.txt.',
    )
    expect(read(root, 'b.txt')).toBe('someone else\n')
    expect(existsSync(join(root, 'c.txt'))).toBe(false)
  })

  it('refuses hunks for a file that is not UTF-8 text but moves it intact', async () => {
    const { root, ctx } = setup()
    const bytes = Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x0a])
    writeFileSync(join(root, 'data.bin'), bytes)
    expect((await failure(ctx, '*** Update File: data.bin', '@@', '-A', '+B')).code).toBe('patch.not_text')
    await apply(ctx, '*** Update File: data.bin', '*** Move to: moved.bin')
    expect(readFileSync(join(root, 'moved.bin'))).toEqual(bytes)
  })

  it('claims the paths it writes, or the whole workspace when the patch does not parse', () => {
    const patch = '*** Begin Patch\n*** Update File: a.txt\n*** Move to: b/c.txt\n*** Delete File: d.txt\n*** End Patch'
    expect(applyPatchTool.resources?.({ patch })).toEqual([
      { kind: 'file', path: 'a.txt', access: 'write' },
      { kind: 'file', path: 'b/c.txt', access: 'write' },
      { kind: 'file', path: 'd.txt', access: 'write' },
    ])
    expect(applyPatchTool.permissionSubject?.({ patch })).toEqual({
      kind: 'path',
      paths: ['a.txt', 'b/c.txt', 'd.txt'],
      access: 'write',
    })
    expect(applyPatchTool.renderToolUseMessage?.({ patch })).toBe('Patch a.txt, b/c.txt, d.txt')
    expect(applyPatchTool.resources?.({ patch: 'garbage' })).toEqual([{ kind: 'workspace', access: 'write' }])
    expect(applyPatchTool.permissionSubject?.({ patch: '' })).toEqual({ kind: 'path', paths: ['.'], access: 'write' })
    expect(applyPatchTool.renderToolUseMessage?.({ patch: '' })).toBe('Apply a patch')
  })

  it('is a write tool with a description from its text file and a closed schema', async () => {
    expect(applyPatchTool.name).toBe('workspace.apply_patch')
    expect(applyPatchTool.annotations?.readOnly).toBe(false)
    expect(applyPatchTool.description).toMatch(/^Change files with a patch/)
    expect(applyPatchTool.description).toContain('*** Update File: src/greet.py')
    const validate = applyPatchTool.inputSchema['~standard'].validate
    expect((await validate({})).issues).toBeDefined()
  })
})
