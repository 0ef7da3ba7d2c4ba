import { readFileSync } from 'node:fs'
import { buildCatalog } from '../../catalog/catalog.js'
import { defaultProfile } from '../../profile/default-profile.js'
import { mergeProfile } from '../../profile/load-profile.js'
import { getProtocol } from '../../snapshot/protocols/index.js'
import { buildSnapshot, deferredBindings } from '../../snapshot/snapshot.js'
import { DeferredIndex } from '../deferred-index.js'
import { specCatalogTool, type ToolSpec } from './fixture-tools.js'

/** A written query and the tool it should find. */
export interface QueryCase {
  readonly query: string
  readonly expect: string
}

/** How well a query set is answered. */
export interface HitRate {
  readonly queries: number
  /** Share of queries whose tool is in the top 5. */
  readonly top5: number
  /** Share of queries whose tool comes first. */
  readonly top1: number
  readonly misses: readonly string[]
}

const readJson = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as T

/** The realistic catalog (catalog.json) as tool specs. */
export const fixtureSpecs: readonly ToolSpec[] = readJson<{ tools: ToolSpec[] }>('catalog.json').tools

/** A query set: `queries.json` (tuned against) or `queries-holdout.json` (written after tuning). */
export function querySet(name: 'queries.json' | 'queries-holdout.json'): readonly QueryCase[] {
  return readJson<{ queries: QueryCase[] }>(name).queries
}

/** The deferred index over the realistic catalog, every tool deferred, as an invocation builds it. */
export function fixtureIndex(): DeferredIndex {
  const catalog = buildCatalog([{ tools: fixtureSpecs.map(specCatalogTool), diagnostics: [] }])
  const patterns = ['mcp/*', 'process/*', 'extension/*']
  const profile = mergeProfile(defaultProfile, { tools: { allow: patterns, deferred: patterns } })
  return new DeferredIndex(
    deferredBindings(
      buildSnapshot({ catalog, profile, scope: 'session', protocol: getProtocol('anthropic'), acceptsImages: true }),
    ),
  )
}

/** Runs every query against the index and counts where the expected tool lands. */
export function measureHitRate(index: DeferredIndex, cases: readonly QueryCase[]): HitRate {
  let top1 = 0
  const misses: string[] = []
  for (const { query, expect } of cases) {
    const found = index.search(query, 5).map((match) => match.binding.toolId)
    if (found[0] === expect) top1 += 1
    if (!found.includes(expect)) misses.push(`"${query}" → expected ${expect}, got ${found.join(', ') || 'nothing'}`)
  }
  return {
    queries: cases.length,
    top5: (cases.length - misses.length) / cases.length,
    top1: top1 / cases.length,
    misses,
  }
}

/** One line for logs: `top 5 96.7 %, top 1 56.7 % (60 queries)`. */
export function formatHitRate(rate: HitRate): string {
  return `top 5 ${(rate.top5 * 100).toFixed(1)} %, top 1 ${(rate.top1 * 100).toFixed(1)} % (${rate.queries} queries)`
}
