import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import { expandHome, hiddenPaths } from './hidden-paths.js'

describe('hiddenPaths', () => {
  const homes = tempDir('toolhost-homes-')
  const own = join(homes, 'ada')
  for (const name of ['ada', 'bob', 'eve']) mkdirSync(join(homes, name))
  mkdirSync(join(own, '.ssh'))
  writeFileSync(join(own, '.netrc'), 'machine x\n')
  mkdirSync(join(own, 'secrets'))
  symlinkSync(join(own, 'secrets'), join(own, '.aws'))

  it('hides the listed paths that exist, as real paths, files and directories apart', () => {
    const hidden = hiddenPaths(['~/.ssh', '~/.netrc', '~/.aws', '~/.missing', 'relative/path'], [], own, homes)
    expect(hidden).toEqual(
      expect.arrayContaining([
        { path: join(own, '.ssh'), kind: 'directory' },
        { path: join(own, '.netrc'), kind: 'file' },
        // A symlink is followed: what it leads to is hidden.
        { path: join(own, 'secrets'), kind: 'directory' },
      ]),
    )
    expect(hidden.map((entry) => entry.path)).not.toContain(join(own, '.missing'))
  })

  it("hides every other user's home but not the host user's own", () => {
    const paths = hiddenPaths([], [], own, homes).map((entry) => entry.path)
    expect(paths).toEqual(expect.arrayContaining([join(homes, 'bob'), join(homes, 'eve')]))
    expect(paths).not.toContain(own)
  })

  it('does not hide a path that is itself a mount', () => {
    const paths = hiddenPaths([], [join(homes, 'bob')], own, homes).map((entry) => entry.path)
    expect(paths).not.toContain(join(homes, 'bob'))
  })

  it('expands ~ to the home directory', () => {
    expect(expandHome('~', '/home/ada')).toBe('/home/ada')
    expect(expandHome('~/.ssh', '/home/ada')).toBe('/home/ada/.ssh')
    expect(expandHome('/etc/x', '/home/ada')).toBe('/etc/x')
  })
})
