// One-way layers (see ARCHITECTURE.md): a folder imports only folders listed before it.
// Tests (*.test.ts) may reach across layers to drive whole paths; everything else may not.
const layers = [
  'text',
  'core',
  'profile',
  'workspace',
  'memory',
  'tool',
  'call',
  'net',
  'spawn',
  'sandbox',
  'store',
  'catalog',
  'snapshot',
  'extensions',
  'deferred',
  'gate',
  'permissions',
  'results',
  'execution',
  'process',
  'tools',
  'mcp/client',
  'host',
  'mcp/server',
  'agent',
  'adapters',
  'chat',
  'channels',
  'daemon',
  'api',
  'cli',
]

const escape = (text) => text.replace(/[/.]/g, '\\$&')
const folder = (layer) => `^src/${escape(layer)}/`

const layerRules = layers.slice(0, -1).map((layer, index) => ({
  name: `layer-${layer.replace('/', '-')}`,
  comment: `src/${layer}/ sits below ${layers.slice(index + 1).join(', ')} and must not import them.`,
  severity: 'error',
  from: { path: folder(layer), pathNot: '\\.test\\.tsx?$' },
  to: {
    path: `^src/(${layers
      .slice(index + 1)
      .map(escape)
      .join('|')})/`,
  },
}))

export default {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Files import each other one way only; move the shared part into its own file.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'root-api-only-from-outside',
      comment: 'Code inside src/ imports the module it needs, never the public entry points.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/index\\.ts$|\\.test\\.ts$' },
      to: { path: '^src/index\\.ts$' },
    },
    {
      name: 'known-layer',
      comment: 'Every folder of src/ has a place in the layer order (.dependency-cruiser.mjs, ARCHITECTURE.md).',
      severity: 'error',
      from: { path: '^src/[^/]+/', pathNot: `^src/(${layers.map(escape).join('|')}|mcp)/` },
      to: {},
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
}
