import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, readdir, rename, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { summarizeChanges } from './summarize-changes.js'
import { openWorkspaceChanges, type WorkspaceChanges, type WorkspaceChangesOptions } from './workspace-changes.js'

let base: string
let root: string
let stateDir: string
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'toolhost-changes-'))
  root = join(base, 'workspace')
  stateDir = join(base, 'state', 'changes')
  await mkdir(root)
})
afterEach(async () => {
  await rm(base, { recursive: true, force: true })
})

async function open(options: Partial<WorkspaceChangesOptions> = {}): Promise<WorkspaceChanges> {
  const changes = await openWorkspaceChanges({ root, stateDir, ...options })
  if ('unavailable' in changes) throw new Error(changes.unavailable)
  return changes
}

/** Writes files under the workspace root, creating their directories. */
async function put(files: Record<string, string | Buffer>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true })
    await writeFile(join(root, path), content)
  }
}

const lines = (n: number, tag = 'line') => Array.from({ length: n }, (_, i) => `${tag} ${i + 1}\n`).join('')

describe('openWorkspaceChanges', () => {
  it('reports added, modified, deleted and renamed files with their counts and the patch', async () => {
    await put({ 'a.txt': lines(5), 'b.txt': 'bye\n', 'notes/c.md': lines(20, 'note') })
    const changes = await open()
    const before = await changes.snapshot()
    await put({ 'a.txt': lines(5).replace('line 2\n', 'line two\nline 2.5\n'), 'new.txt': 'hello\nworld\n' })
    await rm(join(root, 'b.txt'))
    await mkdir(join(root, 'docs'))
    await rename(join(root, 'notes', 'c.md'), join(root, 'docs', 'c.md'))
    const diff = await changes.diff(before, await changes.snapshot())

    expect(diff.files).toEqual([
      { path: 'a.txt', status: 'modified', additions: 2, deletions: 1, binary: false },
      { path: 'b.txt', status: 'deleted', additions: 0, deletions: 1, binary: false },
      { path: 'docs/c.md', status: 'renamed', from: 'notes/c.md', additions: 0, deletions: 0, binary: false },
      { path: 'new.txt', status: 'added', additions: 2, deletions: 0, binary: false },
    ])
    expect(summarizeChanges(diff.files)).toBe(
      'Changed 4 files: a.txt (+2 −1), b.txt (deleted), docs/c.md (renamed from notes/c.md), new.txt (new, +2).',
    )
    expect(diff.truncated).toBe(false)
    expect(diff.patch).toContain('--- a/a.txt\n+++ b/a.txt\n')
    expect(diff.patch).toContain('-line 2\n+line two\n+line 2.5\n')
    expect(diff.patch).toContain('rename from notes/c.md\nrename to docs/c.md\n')
    expect(diff.patch).toContain('+++ b/new.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\n')
  })

  it('gives the same tree for an unchanged workspace and an empty diff', async () => {
    await put({ 'a.txt': 'a\n' })
    const changes = await open()
    const first = await changes.snapshot()
    expect(await changes.snapshot()).toBe(first)
    expect(await changes.diff(first, first)).toEqual({ files: [], patch: '', truncated: false })
  })

  it('marks binary files and stores contents byte for byte, whatever .gitattributes asks', async () => {
    await put({ '.gitattributes': '*.txt text eol=crlf filter=lfs\n', 'crlf.txt': 'one\r\ntwo\r\n' })
    const changes = await open()
    const before = await changes.snapshot()
    await put({ 'image.bin': Buffer.from([0, 1, 2, 0, 255, 0]), 'crlf.txt': 'one\r\ntwo\r\nthree\r\n' })
    const diff = await changes.diff(before, await changes.snapshot())
    expect(diff.files).toEqual([
      { path: 'crlf.txt', status: 'modified', additions: 1, deletions: 0, binary: false },
      { path: 'image.bin', status: 'added', additions: 0, deletions: 0, binary: true },
    ])
    expect(diff.patch).toContain(' two\r\n+three\r\n')
    expect(diff.patch).toContain('Binary files /dev/null and b/image.bin differ')
  })

  it('does not report files the workspace .gitignore leaves out', async () => {
    await put({ '.gitignore': '*.log\nbuild/\n' })
    const changes = await open()
    const before = await changes.snapshot()
    await put({ 'run.log': 'noise\n', 'build/out.js': 'x\n', 'sub/deep.log': 'noise\n', 'kept.js': 'y\n' })
    const diff = await changes.diff(before, await changes.snapshot())
    expect(diff.files.map((file) => file.path)).toEqual(['kept.js'])
  })

  it('reports files in subdirectories and unicode names as they are spelled', async () => {
    const changes = await open()
    const before = await changes.snapshot()
    await put({ 'src/ünïcödé/файл.ts': 'export {}\n', '日本 語.md': '# 見出し\n', 'a b/c\td.txt': 'tab\n' })
    const diff = await changes.diff(before, await changes.snapshot())
    expect(diff.files.map((file) => file.path).sort()).toEqual(['a b/c\td.txt', 'src/ünïcödé/файл.ts', '日本 語.md'])
    expect(diff.patch).toContain('+++ b/src/ünïcödé/файл.ts\n')
  })

  it('leaves the workspace own git repository untouched, byte for byte, and out of the changes', async () => {
    const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: base }
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], { cwd: root, env })
    await put({ 'tracked.txt': 'v1\n' })
    git('init', '-q')
    git('add', 'tracked.txt')
    git('commit', '-q', '-m', 'first')
    await put({ 'tracked.txt': 'v2\n', 'untracked.txt': 'u\n' })
    git('add', 'tracked.txt')
    const own = await hashTree(join(root, '.git'))

    const changes = await open()
    const before = await changes.snapshot()
    await put({ 'tracked.txt': 'v3\n', 'more.txt': 'm\n' })
    const diff = await changes.diff(before, await changes.snapshot())

    expect(diff.files.map((file) => file.path)).toEqual(['more.txt', 'tracked.txt'])
    expect(await hashTree(join(root, '.git'))).toEqual(own)
  })

  it('leaves out a repository nested in the workspace, even one without commits', async () => {
    execFileSync('git', ['init', '-q', join(root, 'vendor', 'lib')], {
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: base },
    })
    await put({ 'vendor/lib/x.c': 'int x;\n' })
    const changes = await open()
    const before = await changes.snapshot()
    await put({ 'vendor/lib/y.c': 'int y;\n', 'main.c': 'int main;\n' })
    const diff = await changes.diff(before, await changes.snapshot())
    expect(diff.files.map((file) => file.path)).toEqual(['main.c'])
  })

  it('skips files above the size cap and still records the others', async () => {
    const changes = await open({ maxFileBytes: 1024 })
    const before = await changes.snapshot()
    await put({ 'big.bin': Buffer.alloc(2048, 1), 'small.txt': 's\n' })
    const diff = await changes.diff(before, await changes.snapshot())
    expect(diff.files.map((file) => file.path)).toEqual(['small.txt'])
  })

  it('keeps a tracked file at its last recorded content when it grows past the cap', async () => {
    await put({ 'grows.txt': 'small\n' })
    const changes = await open({ maxFileBytes: 1024 })
    const before = await changes.snapshot()
    await put({ 'grows.txt': 'x'.repeat(4096) })
    expect(await changes.snapshot()).toBe(before)
  })

  it('cuts a long patch at its last whole line and says so, with every file still listed', async () => {
    const changes = await open({ maxPatchBytes: 300 })
    const before = await changes.snapshot()
    await put({ 'long.txt': lines(200), 'z.txt': 'z\n' })
    const diff = await changes.diff(before, await changes.snapshot())
    expect(diff.truncated).toBe(true)
    expect(Buffer.byteLength(diff.patch)).toBeLessThanOrEqual(300)
    expect(diff.patch.endsWith('\n')).toBe(true)
    expect(diff.files.map((file) => [file.path, file.additions])).toEqual([
      ['long.txt', 200],
      ['z.txt', 1],
    ])
  })

  it('takes two snapshots at once, from one or two openings, without corrupting the index', async () => {
    await put(Object.fromEntries(Array.from({ length: 300 }, (_, n) => [`d${n % 7}/f${n}.txt`, lines(n % 5)])))
    const [one, two] = [await open(), await open()]
    const trees = await Promise.all([one.snapshot(), one.snapshot(), two.snapshot(), two.snapshot()])
    expect(new Set(trees).size).toBe(1)
    await put({ 'd1/f1.txt': 'changed\n' })
    const [after, again] = await Promise.all([one.snapshot(), two.snapshot()])
    expect(after).toBe(again)
    const diff = await one.diff(trees[0] ?? '', after)
    expect(diff.files.map((file) => file.path)).toEqual(['d1/f1.txt'])
  })

  it('records a large first snapshot (written as one pack) and a later change in it', async () => {
    await put(Object.fromEntries(Array.from({ length: 1200 }, (_, n) => [`p${n % 10}/f${n}.txt`, `${n}\n`])))
    const changes = await open()
    const first = await changes.snapshot()
    expect((await readdir(join(stateDir, 'objects', 'pack'))).filter((name) => name.endsWith('.pack'))).toHaveLength(1)
    await put({ 'p3/f3.txt': '3\nmore\n' })
    await rm(join(root, 'p4/f4.txt'))
    const diff = await changes.diff(first, await changes.snapshot())
    expect(summarizeChanges(diff.files)).toBe('Changed 2 files: p3/f3.txt (+1 −0), p4/f4.txt (deleted).')
    expect(diff.patch).toContain('-4\n')
  })

  it('fails while another process holds the index lock, and works once it is gone', async () => {
    const changes = await open()
    await writeFile(join(stateDir, 'index.lock'), '')
    await expect(changes.snapshot()).rejects.toThrow(/index\.lock/)
    await rm(join(stateDir, 'index.lock'))
    await expect(changes.snapshot()).resolves.toMatch(/^[0-9a-f]{40}$/)
  })

  it('removes an index lock left behind long ago by a git that was killed', async () => {
    const changes = await open()
    const lock = join(stateDir, 'index.lock')
    await writeFile(lock, '')
    const hourAgo = new Date(Date.now() - 3_600_000)
    await utimes(lock, hourAgo, hourAgo)
    await expect(changes.snapshot()).resolves.toMatch(/^[0-9a-f]{40}$/)
    await expect(readdir(stateDir)).resolves.not.toContain('index.lock')
  })

  it('stops when its signal is aborted, and refuses ids that are not trees', async () => {
    const changes = await open()
    const controller = new AbortController()
    controller.abort(new Error('stop'))
    await expect(changes.snapshot(controller.signal)).rejects.toThrow('stop')
    const tree = await changes.snapshot()
    await expect(changes.diff(tree, '--output=/tmp/x')).rejects.toThrow(/not a tree id/)
  })

  it('is unavailable, with the reason, when git is not on the PATH', async () => {
    const empty = join(base, 'no-git')
    await mkdir(empty)
    const changes = await openWorkspaceChanges({ root, stateDir, searchPath: empty })
    expect(changes).toEqual({ unavailable: expect.stringMatching(/git is not installed/) as unknown })
  })

  it('refuses a state directory inside the workspace, and never creates it there', async () => {
    await expect(openWorkspaceChanges({ root, stateDir: join(root, '.state') })).rejects.toThrow(/outside/)
    await expect(openWorkspaceChanges({ root: base, stateDir })).rejects.toThrow(/outside/)
    expect(await readdir(root)).toEqual([])
  })

  it('keeps its state in an excluded directory of the workspace and leaves that directory out', async () => {
    const data = join(root, '.toolhost data')
    const changes = await openWorkspaceChanges({ root, stateDir: join(data, 'changes'), exclude: [data] })
    if ('unavailable' in changes) throw new Error(changes.unavailable)
    await put({ '.toolhost data/toolhost.db': 'store', 'a.txt': 'a\n' })
    const before = await changes.snapshot()
    await put({ '.toolhost data/toolhost.db': 'store changed', 'b.txt': 'b\n' })
    const diff = await changes.diff(before, await changes.snapshot())
    expect(diff.files.map((file) => file.path)).toEqual(['b.txt'])
  })
})

/** Every file under `dir` with the hash of its content. */
async function hashTree(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {}
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = join(entry.parentPath, entry.name)
    hashes[file] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex')
  }
  return hashes
}
