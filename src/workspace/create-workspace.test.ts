import {
  constants,
  mkdirSync,
  readFileSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
  chmodSync,
  existsSync,
  rmSync,
} from 'node:fs'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import { createWorkspace } from './create-workspace.js'
import { sha256Hex } from './sha256.js'
import { openInside } from './verified-open.js'

function setup() {
  const project = tempDir('toolhost-ws-project-')
  const results = tempDir('toolhost-ws-results-')
  const secret = tempDir('toolhost-ws-secret-')
  writeFileSync(join(secret, 'passwd'), 'root:x:0:0')
  mkdirSync(join(project, 'src'))
  writeFileSync(join(project, 'src', 'a.ts'), 'export const a = 1\n')
  writeFileSync(join(results, 'r.txt'), 'result')
  const ws = createWorkspace([
    { at: '', hostDir: project, access: 'read-write' },
    { at: 'tool-results', hostDir: results, access: 'read-only' },
  ])
  return { ws, project, results, secret }
}

const code = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string }) => error.code,
  )

describe('createWorkspace', () => {
  it('reads and writes by workspace path, with a leading / meaning the root', async () => {
    const { ws, project } = setup()
    expect((await ws.readFile('src/a.ts')).toString()).toBe('export const a = 1\n')
    expect((await ws.readFile('/src/./a.ts')).toString()).toBe('export const a = 1\n')
    await ws.writeFile('docs/new/notes.md', 'hi')
    expect(readFileSync(join(project, 'docs', 'new', 'notes.md'), 'utf8')).toBe('hi')
    expect(await ws.stat('docs/new')).toMatchObject({ path: 'docs/new', kind: 'directory' })
    expect(await ws.stat('missing.txt')).toBeUndefined()
  })

  it('refuses .. escapes, NUL bytes, drive letters and UNC paths', async () => {
    const { ws } = setup()
    for (const bad of ['../x', 'src/../../x', '/..', 'a\0b', 'C:\\Windows', '\\\\server\\share']) {
      expect(await code(ws.readFile(bad)), bad).toBe('workspace.path_outside')
    }
    expect(await code(ws.writeFile('../escape.txt', 'x'))).toBe('workspace.path_outside')
    expect(ws.normalize('src/x/../a.ts')).toBe('src/a.ts')
  })

  it('reads, writes and lists by the host path of a mount, naming results by workspace path', async () => {
    const { ws, project, results } = setup()
    const host = (...parts: string[]) => join(project, ...parts)
    expect(ws.normalize(host('src', 'a.ts'))).toBe('src/a.ts')
    expect(ws.normalize(host())).toBe('')
    expect(ws.normalize(`${project}/`)).toBe('')
    expect(ws.normalize(join(results, 'r.txt'))).toBe('tool-results/r.txt')
    expect((await ws.readFile(host('src', 'a.ts'))).toString()).toBe('export const a = 1\n')
    await ws.writeFile(host('docs', 'host.md'), 'by host path')
    expect(readFileSync(join(project, 'docs', 'host.md'), 'utf8')).toBe('by host path')
    expect(await ws.stat(host('docs'))).toMatchObject({ path: 'docs', kind: 'directory' })
    expect((await ws.list(host('docs'))).map((entry) => entry.path)).toEqual(['docs/host.md'])
    expect((await ws.resolve(join(results, 'r.txt'), 'read')).path).toBe('tool-results/r.txt')
    expect(await code(ws.writeFile(join(results, 'x.txt'), 'x'))).toBe('workspace.read_only')
  })

  it('keeps a leading / for the workspace root when the path does not start with a host directory', async () => {
    const { ws, project, secret } = setup()
    expect(ws.normalize(`${project}/src`)).toBe('src')
    // A sibling sharing the host directory's name as a prefix is not inside it.
    expect(ws.normalize(`${project}-other/x`)).toBe(`${project.slice(1)}-other/x`)
    expect(ws.normalize('/src/a.ts')).toBe('src/a.ts')
    // A host path outside every mount is read in the workspace, so the file outside is not reached.
    expect(await code(ws.readFile(join(secret, 'passwd')))).toBe('workspace.not_found')
    await ws.writeFile(join(secret, 'planted'), 'x')
    expect(existsSync(join(secret, 'planted'))).toBe(false)
    expect(existsSync(join(project, secret, 'planted'))).toBe(true)
  })

  it('refuses host paths that leave their mount through .., through a symlink, or that another mount hides', async () => {
    const { ws, project, results, secret } = setup()
    expect(await code(ws.readFile(`${project}/../${basename(secret)}/passwd`))).toBe('workspace.path_outside')
    expect(await code(ws.readFile(`${results}/../${basename(project)}/src/a.ts`))).toBe('workspace.path_outside')
    expect(ws.normalize(`${project}/src/../src/a.ts`)).toBe('src/a.ts')
    symlinkSync(secret, join(project, 'secret-dir'))
    expect(await code(ws.readFile(join(project, 'secret-dir', 'passwd')))).toBe('workspace.path_outside')
    expect(await code(ws.writeFile(join(project, 'secret-dir', 'planted'), 'x'))).toBe('workspace.path_outside')
    expect(existsSync(join(secret, 'planted'))).toBe(false)
    mkdirSync(join(project, 'tool-results'))
    writeFileSync(join(project, 'tool-results', 'own.txt'), 'project file')
    await expect(ws.readFile(join(project, 'tool-results', 'own.txt'))).rejects.toThrow(
      'the workspace shows another directory at tool-results/',
    )
  })

  it('knows a mount by its real host path too, when its directory is reached through a symlink', async () => {
    const { project } = setup()
    const links = tempDir('toolhost-ws-links-')
    symlinkSync(project, join(links, 'project'))
    const ws = createWorkspace([{ at: '', hostDir: join(links, 'project'), access: 'read-write' }])
    expect((await ws.readFile(join(links, 'project', 'src', 'a.ts'))).toString()).toContain('export')
    expect((await ws.readFile(join(realpathSync(project), 'src', 'a.ts'))).toString()).toContain('export')
    expect(ws.normalize(join(realpathSync(project), 'src', 'a.ts'))).toBe('src/a.ts')
  })

  it('refuses symlinks that lead outside, for reading, writing and listing through them', async () => {
    const { ws, project, secret } = setup()
    symlinkSync(join(secret, 'passwd'), join(project, 'passwd-link'))
    symlinkSync(secret, join(project, 'secret-dir'))
    symlinkSync(join(project, 'src'), join(project, 'src-link'))
    expect(await code(ws.readFile('passwd-link'))).toBe('workspace.path_outside')
    expect(await code(ws.readFile('secret-dir/passwd'))).toBe('workspace.path_outside')
    expect(await code(ws.writeFile('secret-dir/planted', 'x'))).toBe('workspace.path_outside')
    expect(await code(ws.list('secret-dir'))).toBe('workspace.path_outside')
    expect(existsSync(join(secret, 'planted'))).toBe(false)
    expect((await ws.readFile('src-link/a.ts')).toString()).toContain('export')
    symlinkSync(join(project, 'src', 'a.ts'), join(project, 'a-link'))
    await ws.writeFile('a-link', 'through the link\n')
    expect(readFileSync(join(project, 'src', 'a.ts'), 'utf8')).toBe('through the link\n')
  })

  it('proves from the open descriptor that a file is inside, so a swapped-in symlink fails', async () => {
    const { project, secret } = setup()
    const path = join(project, 'swap.txt')
    writeFileSync(path, 'inside')
    rmSync(path)
    symlinkSync(join(secret, 'passwd'), path)
    expect(await openInside(path, realpathSync(project), constants.O_RDONLY)).toBeUndefined()
  })

  it('keeps read-only mounts read-only and lists mount points', async () => {
    const { ws } = setup()
    expect((await ws.readFile('tool-results/r.txt')).toString()).toBe('result')
    expect(await code(ws.writeFile('tool-results/x.txt', 'x'))).toBe('workspace.read_only')
    expect(await code(ws.remove('tool-results/r.txt'))).toBe('workspace.read_only')
    expect(await code(ws.move('src/a.ts', 'tool-results/a.ts'))).toBe('workspace.read_only')
    await expect(ws.writeFile('tool-results/x.txt', 'x')).rejects.toThrow(
      '"tool-results/x.txt" is in a read-only part of the workspace (tool-results/)',
    )
    expect((await ws.list('')).map((e) => `${e.name}:${e.kind}`)).toEqual(['src:directory', 'tool-results:directory'])
  })

  it('compares and swaps on the hash, and keeps the file mode', async () => {
    const { ws, project } = setup()
    chmodSync(join(project, 'src', 'a.ts'), 0o755)
    const hash = sha256Hex('export const a = 1\n')
    expect(await code(ws.writeFile('src/a.ts', 'x', { expectedSha256: 'f'.repeat(64) }))).toBe('workspace.file_changed')
    await ws.writeFile('src/a.ts', 'export const a = 2\n', { expectedSha256: hash })
    expect(statSync(join(project, 'src', 'a.ts')).mode & 0o777).toBe(0o755)
    expect(await code(ws.writeFile('src/a.ts', 'y', { expectedSha256: null }))).toBe('workspace.file_changed')
    await ws.writeFile('src/b.ts', 'new', { expectedSha256: null })
    expect(await code(ws.writeFile('src', 'x'))).toBe('workspace.is_directory')
  })

  it('reports missing files and directories read as files', async () => {
    const { ws } = setup()
    expect(await code(ws.readFile('nope.txt'))).toBe('workspace.not_found')
    expect(await code(ws.readFile('src'))).toBe('workspace.is_directory')
    await expect(ws.readFile('nope.txt')).rejects.toThrow('No file or directory at "nope.txt".')
  })

  it('removes files (a symlink itself, never its target) and moves them', async () => {
    const { ws, project, secret } = setup()
    symlinkSync(join(project, 'src', 'a.ts'), join(project, 'inner-link'))
    await ws.remove('inner-link')
    expect(existsSync(join(project, 'src', 'a.ts'))).toBe(true)
    await ws.move('src/a.ts', 'lib/a.ts')
    expect(readFileSync(join(project, 'lib', 'a.ts'), 'utf8')).toContain('export')
    expect(existsSync(join(secret, 'passwd'))).toBe(true)
    expect(await code(ws.remove(''))).toBe('workspace.path_outside')
  })
})
