/** LSP's SymbolKind numbers, as words. */
const symbolKinds = [
  'file',
  'module',
  'namespace',
  'package',
  'class',
  'method',
  'property',
  'field',
  'constructor',
  'enum',
  'interface',
  'function',
  'variable',
  'constant',
  'string',
  'number',
  'boolean',
  'array',
  'object',
  'key',
  'null',
  'enum member',
  'struct',
  'event',
  'operator',
  'type parameter',
] as const

/** The word for a SymbolKind (1-based), `symbol` for unknown ones. */
export function symbolKindName(kind: unknown): string {
  return typeof kind === 'number' ? (symbolKinds[kind - 1] ?? 'symbol') : 'symbol'
}
