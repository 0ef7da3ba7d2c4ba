import type { ProtocolName } from '../../core/protocol-name.js'
import type { SchemaCompileOptions, SchemaDrop } from './protocol.js'

/** The note for a strict request to a dialect without strict schemas; none when strict was not asked. */
export function unsupportedStrictDrops(protocol: ProtocolName, options: SchemaCompileOptions = {}): SchemaDrop[] {
  if (options.strict !== true) return []
  return [
    { path: '', keyword: 'strict', reason: `${protocol} has no strict function schemas; compiled without strict mode` },
  ]
}
