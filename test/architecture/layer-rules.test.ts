import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../temp-dir.js'

const root = join(import.meta.dirname, '../..')
const config = join(root, '.dependency-cruiser.mjs')
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs')

interface Violation {
  readonly from: string
  readonly to: string
  readonly rule: { readonly name: string }
}

/** Runs the project's layer rules over `files` (path → source) in a fresh directory. */
function violationsIn(files: Record<string, string>): Violation[] {
  const dir = tempDir('toolhost-layers-')
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext' } }))
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), source)
  }
  const run = spawnSync(process.execPath, [depcruise, 'src', '--config', config, '--output-type', 'json'], {
    cwd: dir,
    encoding: 'utf8',
  })
  if (run.stdout === '') throw new Error(`dependency-cruiser failed:\n${run.stderr}`)
  const report = JSON.parse(run.stdout) as { summary: { violations: Violation[] } }
  return report.summary.violations
}

describe('the layer rules of npm run lint', () => {
  it('refuse an import of a higher layer, a cycle, and a folder outside the layer order', () => {
    const violations = violationsIn({
      'src/agent/loop.ts': 'export const loop = 1\n',
      'src/store/store.ts': "import { loop } from '../agent/loop.js'\nexport const store = loop\n",
      'src/gate/a.ts': "import { b } from './b.js'\nexport const a = () => b\n",
      'src/gate/b.ts': "import { a } from './a.js'\nexport const b = () => a\n",
      'src/elsewhere/x.ts': "import { loop } from '../agent/loop.js'\nexport const x = loop\n",
    })
    const byRule = (name: string) => violations.filter((v) => v.rule.name === name).map((v) => [v.from, v.to])
    expect(violations.map((v) => v.rule.name).sort()).toEqual(['known-layer', 'layer-store', 'no-cycles'])
    expect(byRule('layer-store')).toEqual([['src/store/store.ts', 'src/agent/loop.ts']])
    expect(byRule('known-layer')).toEqual([['src/elsewhere/x.ts', 'src/agent/loop.ts']])
    expect(byRule('no-cycles')[0]?.sort()).toEqual(['src/gate/a.ts', 'src/gate/b.ts'])
  })

  it('let a higher layer import a lower one, and a test reach across layers', () => {
    expect(
      violationsIn({
        'src/store/store.ts': 'export const store = 1\n',
        'src/agent/loop.ts': "import { store } from '../store/store.js'\nexport const loop = store\n",
        'src/store/store.test.ts': "import { loop } from '../agent/loop.js'\nexport const seen = loop\n",
      }),
    ).toEqual([])
  })

  it('hold the same order as the table of ARCHITECTURE.md', () => {
    const documented = [...readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8').matchAll(/^\| \d+ \| `([^`]+)\/` \|/gm)]
    const configured = /const layers = \[([^\]]*)\]/.exec(readFileSync(config, 'utf8'))?.[1] ?? ''
    expect(documented.map((match) => match[1])).toEqual([...configured.matchAll(/'([^']+)'/g)].map((m) => m[1]))
    expect(documented.length).toBeGreaterThan(20)
  })
})
