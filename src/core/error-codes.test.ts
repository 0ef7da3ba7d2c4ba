import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { diagnosticCodes, errorCodes, fatalErrorCodes, isErrorCode, recoverableErrorCodes } from './error-codes.js'
import { agentErrorCodes } from './error-codes/agents.js'
import { builtinToolErrorCodes } from './error-codes/builtin-tools.js'
import { callErrorCodes } from './error-codes/calls.js'
import { databaseErrorCodes } from './error-codes/database.js'
import {
  codeLiterals,
  sourceFiles,
  textFiles,
  textMentions,
  type CodeLiteral,
} from './error-codes/__fixtures__/code-literals.js'
import { lspErrorCodes } from './error-codes/lsp.js'
import { mcpAndExtensionErrorCodes } from './error-codes/mcp-and-extensions.js'
import { renderErrorCodes } from './error-codes/render-error-codes.js'
import { storeAndSnapshotErrorCodes } from './error-codes/store-and-snapshot.js'
import { webAndProcessErrorCodes } from './error-codes/web-and-process.js'
import { webSearchErrorCodes } from './error-codes/web-search.js'
import { workspaceErrorCodes } from './error-codes/workspace.js'

const src = fileURLToPath(new URL('..', import.meta.url))
const registryFiles = (path: string) => path.endsWith('core/error-codes.ts') || path.includes('core/error-codes/')
const literals = [
  ...codeLiterals(
    sourceFiles(src).filter((path) => !registryFiles(path)),
    src,
  ),
  ...textMentions(textFiles(src), src),
]
const namespaces = new Set(Object.keys(errorCodes).map((code) => code.slice(0, code.indexOf('.'))))

/** What is wrong with the codes of `found`: unregistered codes, and registered ones in a place of another kind. */
function problemsOf(found: readonly CodeLiteral[]): string[] {
  const toolNames = new Set(found.filter((l) => l.place === 'tool').map((l) => l.text))
  const problems: string[] = []
  for (const { text, place, at } of found) {
    const namespace = text.slice(0, text.indexOf('.'))
    const counts = place !== 'tool' && (place !== 'other' || (namespaces.has(namespace) && !toolNames.has(text)))
    if (!counts) continue
    if (!isErrorCode(text)) problems.push(`${at}: ${text} is not registered`)
    else if (place === 'result' && errorCodes[text].kind !== 'recoverable')
      problems.push(`${at}: ${text} is ${errorCodes[text].kind}, but an error result needs a recoverable code`)
    else if (place === 'fatal' && errorCodes[text].kind !== 'fatal')
      problems.push(`${at}: ${text} is ${errorCodes[text].kind}, but a fatal error needs a fatal code`)
  }
  return problems
}

describe('the error code registry', () => {
  it('registers every code the sources use, with the kind its place needs', () => {
    expect(literals.length).toBeGreaterThan(200)
    expect(problemsOf(literals)).toEqual([])
  })

  describe('the check of the sources', () => {
    const dir = mkdtempSync(join(tmpdir(), 'error-codes-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    const check = (code: string) => {
      writeFileSync(join(dir, 'example.ts'), code)
      return problemsOf(codeLiterals(sourceFiles(dir), dir))
    }

    it('refuses an unregistered code wherever an error takes it', () => {
      expect(check("throw new ToolError('x.unregistered', 'message')")).toEqual([
        'example.ts:1: x.unregistered is not registered',
      ])
      expect(check("const r = errorResult(id, null, flag ? 'tool.timeout' : 'y.other', text)")).toEqual([
        'example.ts:1: y.other is not registered',
      ])
      expect(check("diagnostics.push({ toolId, code: 'z.note', message })")).toEqual([
        'example.ts:1: z.note is not registered',
      ])
      expect(check("if (error.code === 'w.gone') return")).toEqual(['example.ts:1: w.gone is not registered'])
      expect(check("throw new StoreError('store.lost', 'message')")).toEqual([
        'example.ts:1: store.lost is not registered',
      ])
      expect(check("throw new StoredStateError('state.lost', 'message')")).toEqual([
        'example.ts:1: state.lost is not registered',
      ])
    })

    it("refuses an unregistered code of toolhost's namespaces passed through a helper", () => {
      expect(check("return reject('tool.bogus', text)")).toEqual(['example.ts:1: tool.bogus is not registered'])
    })

    it('refuses a code of the wrong kind', () => {
      expect(check("throw new ToolError('store.not_found', 'message')")).toEqual([
        'example.ts:1: store.not_found is fatal, but an error result needs a recoverable code',
      ])
      expect(check("throw new FatalToolHostError('tool.timeout', 'message')")).toEqual([
        'example.ts:1: tool.timeout is recoverable, but a fatal error needs a fatal code',
      ])
      expect(check("throw new StoreError('snapshot.alias_changed', 'message')")).toEqual([
        'example.ts:1: snapshot.alias_changed is diagnostic, but a fatal error needs a fatal code',
      ])
    })

    it('refuses an unregistered code a model-facing text names', () => {
      writeFileSync(
        join(dir, 'example.txt'),
        'On tool.bogus, read the file again (see notes.md, e.g. the network.allow list).',
      )
      expect(problemsOf(textMentions(textFiles(dir), dir))).toEqual(['example.txt:1: tool.bogus is not registered'])
    })

    it('leaves tool names, other dotted strings and comments alone', () => {
      const code = [
        "const tool = defineTool({ name: 'workspace.read_all', call })",
        "const alias = builtinAlias('workspace.read_all')",
        "const field = reader.strings(node, 'env.pass')",
        "// throw new ToolError('x.in_comment', 'message')",
      ].join('\n')
      expect(check(code)).toEqual([])
    })
  })

  it('has every registered code in use', () => {
    const used = new Set(literals.filter((l) => l.place !== 'tool').map((l) => l.text))
    expect(Object.keys(errorCodes).filter((code) => !used.has(code))).toEqual([])
  })

  it('names only text files that exist', () => {
    const missing = Object.entries(errorCodes).flatMap(([code, info]) =>
      ('texts' in info ? info.texts : [])
        .filter((path) => !existsSync(join(src, path)))
        .map((path) => `${code}: ${path}`),
    )
    expect(missing).toEqual([])
  })

  it('is documented in docs/error-codes.md (npm run docs:error-codes)', () => {
    const doc = readFileSync(new URL('../../docs/error-codes.md', import.meta.url), 'utf8')
    expect(doc).toBe(renderErrorCodes(errorCodes))
    for (const code of Object.keys(errorCodes)) expect(doc).toContain(`\`${code}\``)
  })

  it('lists each code once, as namespace.name with a one-line meaning', () => {
    const tables = [
      callErrorCodes,
      workspaceErrorCodes,
      webAndProcessErrorCodes,
      webSearchErrorCodes,
      mcpAndExtensionErrorCodes,
      agentErrorCodes,
      builtinToolErrorCodes,
      databaseErrorCodes,
      storeAndSnapshotErrorCodes,
      lspErrorCodes,
    ]
    expect(tables.reduce((sum, table) => sum + Object.keys(table).length, 0)).toBe(Object.keys(errorCodes).length)
    for (const [code, info] of Object.entries(errorCodes)) {
      expect(code).toMatch(/^[a-z][a-z_]*\.[a-z][a-z0-9_]*$/)
      expect(info.meaning).toMatch(/^[A-Z].*\.$/)
      expect(info.meaning).not.toContain('\n')
    }
  })

  it('derives the lists by kind from the registry', () => {
    expect([...recoverableErrorCodes, ...fatalErrorCodes, ...diagnosticCodes].sort()).toEqual(
      Object.keys(errorCodes).sort(),
    )
    expect(recoverableErrorCodes).toContain('tool.invalid_arguments')
    expect(fatalErrorCodes).toContain('model.tool_choice_violation')
    expect(diagnosticCodes).toContain('snapshot.alias_changed')
    expect(isErrorCode('dice.bad_formula')).toBe(false)
  })
})
