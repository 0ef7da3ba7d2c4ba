/**
 * Benchmark of deferred tools on a generated catalog of 5,000 tools (MCP-like, process and
 * extension tools, the extension ones registered through the real registry): building the
 * snapshot with deferral and the search index, against building it without deferral; answering a
 * search, against a naive substring filter over descriptions. Also prints the hit rate of the
 * written query set on the realistic 246-tool catalog. Wired into `npm run bench` by bench/bench.ts.
 */
import { buildCatalog, type Catalog } from '../src/catalog/catalog.js'
import type { CatalogTool } from '../src/catalog/catalog-tool.js'
import { defaultProfile } from '../src/profile/default-profile.js'
import { mergeProfile } from '../src/profile/load-profile.js'
import { DeferredIndex } from '../src/deferred/deferred-index.js'
import { fixtureIndex, formatHitRate, measureHitRate, querySet } from '../src/deferred/__fixtures__/query-set.js'
import { specCatalogTool, specSchema, type ToolSpec } from '../src/deferred/__fixtures__/fixture-tools.js'
import { ExtensionRegistry } from '../src/extensions/extension-registry.js'
import { getProtocol } from '../src/snapshot/protocols/index.js'
import { buildSnapshot, deferredBindings, type Snapshot } from '../src/snapshot/snapshot.js'

/** Reports one measure: toolhost's median time beside the reference's. */
export type DeferredBenchReport = (name: string, toolhostMs: number, referenceName: string, referenceMs: number) => void

const toolCount = 5_000
const services = [
  'acme',
  'globex',
  'initech',
  'umbrella',
  'hooli',
  'stark',
  'wayne',
  'wonka',
  'tyrell',
  'cyberdyne',
  'soylent',
  'vandelay',
  'pied-piper',
  'aperture',
  'black-mesa',
  'oscorp',
  'monarch',
  'dunder',
  'prestige',
  'gringotts',
]
const verbs = [
  'create',
  'get',
  'list',
  'update',
  'delete',
  'search',
  'export',
  'import',
  'archive',
  'sync',
  'approve',
  'assign',
  'send',
  'cancel',
  'restore',
]
const nouns = [
  'invoice',
  'customer',
  'ticket',
  'order',
  'shipment',
  'report',
  'document',
  'user',
  'project',
  'task',
  'contract',
  'payment',
  'product',
  'campaign',
  'event',
  'message',
  'record',
  'asset',
  'policy',
  'webhook',
  'dashboard',
  'alert',
  'license',
  'subscription',
  'review',
]
const params = [
  'id',
  'name',
  'status',
  'owner',
  'due_date',
  'amount',
  'currency',
  'email',
  'tags',
  'limit',
  'cursor',
  'query',
  'notes',
  'priority',
  'region',
]

/** 5,000 distinct tools: 60 % MCP-like, 20 % process, 20 % extension, each with 2-6 parameters. */
function generateSpecs(): ToolSpec[] {
  const specs: ToolSpec[] = []
  for (let i = 0; specs.length < toolCount; i++) {
    const service = services[i % services.length] ?? 'acme'
    const verb = verbs[Math.floor(i / services.length) % verbs.length] ?? 'get'
    const noun = nouns[Math.floor(i / (services.length * verbs.length)) % nouns.length] ?? 'record'
    const variant = Math.floor(i / (services.length * verbs.length * nouns.length))
    const name = `${verb}_${noun}${variant === 0 ? '' : `_v${variant + 1}`}`
    const chosen = Object.fromEntries(
      Array.from({ length: 2 + (i % 5) }, (_, k) => params[(i + k * 3) % params.length] ?? 'id').map((p) => [
        p,
        `The ${p.replace('_', ' ')} of the ${noun}`,
      ]),
    )
    const description = `${verb[0]?.toUpperCase()}${verb.slice(1)} a ${noun} in ${service}. Use it when the user works with ${service} ${noun}s; returns the ${noun} as JSON.`
    const kind = i % 5
    const id =
      kind < 3 ? `mcp/${service}:${name}` : kind === 3 ? `process/${service}:${name}` : `extension/${service}:${name}`
    specs.push({
      id,
      ...(kind < 3 && { server: service }),
      description,
      params: chosen,
      required: Object.keys(chosen).slice(0, 1),
    })
  }
  return specs
}

function catalogOf(specs: readonly ToolSpec[]): Catalog {
  const registry = new ExtensionRegistry()
  const tools: CatalogTool[] = []
  for (const spec of specs) {
    if (!spec.id.startsWith('extension/')) {
      tools.push(specCatalogTool(spec))
      continue
    }
    const [provider = '', name = ''] = spec.id.split(':')
    registry.register(
      {
        extensionId: provider.slice('extension/'.length),
        name,
        description: spec.description,
        inputSchema: specSchema(spec),
        contexts: ['session'],
      },
      () => 'ok',
    )
  }
  return buildCatalog([{ tools, diagnostics: [] }, registry.catalogTools()])
}

function median(fn: () => unknown, runs = 7): number {
  fn()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    fn()
    times.push(performance.now() - start)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0
}

/** Runs the deferred-tool measures. `_scratch` is unused: everything stays in memory. */
export async function deferredBench(report: DeferredBenchReport, _scratch: string): Promise<void> {
  const catalog = catalogOf(generateSpecs())
  const protocol = getProtocol('openai-responses')
  const allow = ['builtin:*', 'mcp/*', 'process/*', 'extension/*']
  const deferring = mergeProfile(defaultProfile, { tools: { allow, deferred: ['mcp/*', 'process/*', 'extension/*'] } })
  const plain = mergeProfile(defaultProfile, { tools: { allow } })
  const build = (profile: typeof plain): Snapshot =>
    buildSnapshot({ catalog, profile, scope: 'session', protocol, acceptsImages: false })
  const snapshot = build(deferring)
  const deferred = deferredBindings(snapshot)
  console.log(
    `deferred bench: ${catalog.tools.length.toLocaleString('en-US')} tools, ${deferred.length.toLocaleString('en-US')} deferred`,
  )

  const without = median(() => build(plain), 5)
  report(
    `snapshot, ${toolCount.toLocaleString('en-US')} tools deferred`,
    median(() => build(deferring), 5),
    'snapshot without deferral',
    without,
  )
  const withDeferral = median(() => new DeferredIndex(deferredBindings(build(deferring))), 5)
  report(
    `snapshot + search index, ${toolCount.toLocaleString('en-US')} tools deferred`,
    withDeferral,
    'snapshot without deferral',
    without,
  )
  report(
    'search index alone',
    median(() => new DeferredIndex(deferred), 5),
    'snapshot without deferral',
    without,
  )

  const index = new DeferredIndex(deferred)
  const queries = [
    'create an invoice for a customer in globex',
    'export the monthly report',
    'cancel a shipment',
    'who owns this ticket',
    'restore an archived contract in wayne',
  ]
  const ours = median(() => queries.map((query) => index.search(query, 5))) / queries.length
  const naive = median(() => queries.map((query) => naiveFilter(deferred, query))) / queries.length
  report('tools_search, one query (ranked, synonyms, prefixes)', ours, 'substring filter over descriptions', naive)

  const rate = measureHitRate(fixtureIndex(), querySet('queries.json'))
  const second = measureHitRate(fixtureIndex(), querySet('queries-holdout.json'))
  console.log(
    `deferred bench: hit rate on the realistic catalog: ${formatHitRate(rate)}; second query set: ${formatHitRate(second)}`,
  )
}

/** The reference: descriptions that contain every query word, unranked. */
function naiveFilter(bindings: readonly { readonly description: string }[], query: string): unknown[] {
  const needles = query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 2)
  return bindings
    .filter((binding) => {
      const text = binding.description.toLowerCase()
      return needles.some((needle) => text.includes(needle))
    })
    .slice(0, 5)
}
