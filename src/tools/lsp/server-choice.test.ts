import { describe, expect, it } from 'vitest'
import { parseProfile } from '../../profile/load-profile.js'
import { extensionOf, servedExtensions, serverForFile } from './server-choice.js'

const lsp = parseProfile({
  schemaVersion: 2,
  id: 'x',
  lsp: {
    servers: {
      typescript: {},
      pyright: { enabled: false },
      zig: { command: 'zls', extensions: ['.zig', '.zon'], languageIds: { '.zon': 'zig' } },
    },
  },
}).lsp

describe('serverForFile', () => {
  it('picks the enabled server of the extension with its language id', () => {
    expect(serverForFile(lsp, 'src/App.TSX')).toMatchObject({ name: 'typescript', languageId: 'typescriptreact' })
    expect(serverForFile(lsp, 'lib/x.mjs')?.languageId).toBe('javascript')
    expect(serverForFile(lsp, 'build.zig')).toMatchObject({ name: 'zig', languageId: 'zig' })
    expect(serverForFile(lsp, 'build.zon')?.languageId).toBe('zig')
  })

  it('finds none for disabled servers, unknown extensions and names without one', () => {
    expect(serverForFile(lsp, 'main.py')).toBeUndefined()
    expect(serverForFile(lsp, 'notes.xyz')).toBeUndefined()
    expect(serverForFile(lsp, 'Makefile')).toBeUndefined()
    expect(serverForFile(lsp, '.ts')).toBeUndefined()
  })

  it('lists the extensions served', () => {
    expect(servedExtensions(lsp)).toEqual([
      '.ts',
      '.tsx',
      '.js',
      '.jsx',
      '.mts',
      '.cts',
      '.mjs',
      '.cjs',
      '.zig',
      '.zon',
    ])
    expect(extensionOf('a/b.c/file')).toBe('')
  })
})
