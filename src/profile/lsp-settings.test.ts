import { describe, expect, it } from 'vitest'
import { parseProfile, ProfileError } from './load-profile.js'

const lspOf = (lsp: unknown) => parseProfile({ schemaVersion: 2, id: 'x', lsp }).lsp

function problemsOf(lsp: unknown): readonly string[] {
  try {
    lspOf(lsp)
  } catch (error) {
    if (error instanceof ProfileError) return error.problems
    throw error
  }
  throw new Error('expected a ProfileError')
}

describe('lsp settings', () => {
  it('fill a preset from its name alone', () => {
    expect(lspOf({ servers: { typescript: {}, pyright: {}, gopls: {}, 'rust-analyzer': {} } }).servers).toEqual({
      typescript: {
        command: 'typescript-language-server',
        args: ['--stdio'],
        extensions: ['.ts', '.tsx', '.js', '.jsx', '.mts', '.cts', '.mjs', '.cjs'],
        languageIds: {},
        enabled: true,
      },
      pyright: {
        command: 'pyright-langserver',
        args: ['--stdio'],
        extensions: ['.py', '.pyi'],
        languageIds: {},
        enabled: true,
      },
      gopls: { command: 'gopls', args: [], extensions: ['.go'], languageIds: {}, enabled: true },
      'rust-analyzer': { command: 'rust-analyzer', args: [], extensions: ['.rs'], languageIds: {}, enabled: true },
    })
  })

  it("let a profile replace a preset's fields; another command drops the preset's arguments", () => {
    const { typescript, pyright } = lspOf({
      servers: { typescript: { extensions: ['.ts'] }, pyright: { command: '/opt/bin/basedpyright' } },
    }).servers
    expect(typescript).toMatchObject({ command: 'typescript-language-server', args: ['--stdio'], extensions: ['.ts'] })
    expect(pyright).toMatchObject({ command: '/opt/bin/basedpyright', args: [], extensions: ['.py', '.pyi'] })
  })

  it('keep the defaults', () => {
    expect(lspOf(undefined)).toEqual({ servers: {}, idleTimeoutSec: 300, requestTimeoutSec: 30 })
  })

  it.each([
    [
      { servers: { zig: {} } },
      /^lsp\.servers\.zig\.command: is missing: "zig" is not a preset \(typescript, pyright, gopls, rust-analyzer\)/,
    ],
    [{ servers: { zig: { command: 'zls' } } }, /^lsp\.servers\.zig\.extensions: is missing/],
    [
      { servers: { zig: { command: 'zls', extensions: ['zig'] } } },
      /^lsp\.servers\.zig\.extensions\[0\]: must be an extension such as \.py/,
    ],
    [{ servers: { typescript: { comand: 'x' } } }, /^lsp\.servers\.typescript: unknown key "comand"/],
    [{ idleTimeoutSec: 0 }, /^lsp\.idleTimeoutSec: /],
  ])('report %j', (lsp, message) => {
    const problems = problemsOf(lsp)
    expect(
      problems.some((p) => message.test(p)),
      problems.join('\n'),
    ).toBe(true)
  })
})
