import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { declaredExports } from './declared-exports.js'

// Every entry point of package.json "exports", as a dependent imports it: through the package's
// name, resolved by Node from the built dist/ (test/build-dist.ts builds it before the tests).
const root = join(import.meta.dirname, '../..')
interface EntryPoint {
  readonly types: string
  readonly import: string
}
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string
  exports: Record<string, EntryPoint>
}
const entryPoints = Object.entries(manifest.exports).map(([subpath, entry]) => ({
  specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, '')}`,
  entry,
  // dist/<folder>/index.js is built from src/<folder>/index.ts (tsconfig.build.json: rootDir src).
  source: join(root, entry.import.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')),
}))

/** The run-time export names of each entry point, imported by one Node process from the package's own directory. */
function importedNames(): Record<string, string[]> {
  const specifiers = JSON.stringify(entryPoints.map((point) => point.specifier))
  const script = `const names = {}
for (const specifier of ${specifiers}) names[specifier] = Object.keys(await import(specifier)).sort()
process.stdout.write(JSON.stringify(names))`
  const node = spawnSync(process.execPath, ['--input-type=module', '--eval', script], { cwd: root, encoding: 'utf8' })
  if (node.status !== 0) throw new Error(`importing the entry points failed:\n${node.stderr}`)
  return JSON.parse(node.stdout) as Record<string, string[]>
}

describe('package entry points', () => {
  const imported = importedNames()

  it('include the root and the subsystems', () => {
    expect(entryPoints.map((point) => point.specifier)).toEqual([
      'toolhost',
      'toolhost/agent',
      'toolhost/ai-sdk',
      'toolhost/daemon',
      'toolhost/mcp',
      'toolhost/langchain',
      'toolhost/openai-agents',
      'toolhost/permissions',
      'toolhost/process',
      'toolhost/profile',
      'toolhost/snapshot',
      'toolhost/store',
    ])
  })

  describe.each(entryPoints)('$specifier', ({ specifier, entry, source }) => {
    it('points at built files and has an entry file that says what it is for', () => {
      expect(existsSync(join(root, entry.import))).toBe(true)
      expect(existsSync(join(root, entry.types))).toBe(true)
      const header = /^\/\*\*[\s\S]*?\*\//.exec(readFileSync(source, 'utf8'))?.[0] ?? ''
      expect(header).toContain(specifier)
    })

    it('exports at run time the values its entry file declares', () => {
      expect(imported[specifier]).toEqual(declaredExports(source).values)
    })

    it('declares in its types file what its entry file declares', () => {
      expect(declaredExports(join(root, entry.types))).toEqual(declaredExports(source))
    })
  })

  it('give every name one home', () => {
    const homes = new Map<string, string[]>()
    for (const { specifier, source } of entryPoints) {
      const { values, types } = declaredExports(source)
      for (const name of [...values, ...types]) homes.set(name, [...(homes.get(name) ?? []), specifier])
    }
    expect([...homes].filter(([, specifiers]) => specifiers.length > 1)).toEqual([])
  })
})
