/**
 * ToolId: the stable id `<provider>:<nativeName>` of a tool, split at the first `:`.
 * Providers are `builtin`, `mcp/<serverId>`, `extension/<extensionId>` and `process/<packId>`.
 */

/** A stable tool id such as `builtin:dice.roll` or `extension/notes:append`. */
export type ToolId = string

/** The kind of source a tool comes from, the part of the provider before `/`. */
export type ToolSourceKind = 'builtin' | 'mcp' | 'extension' | 'process'

/** A ToolId taken apart. */
export interface ParsedToolId {
  readonly id: ToolId
  /** Everything before the first `:`, e.g. `mcp/3f2a`. */
  readonly provider: string
  readonly kind: ToolSourceKind
  /** The part after `/` in the provider (`serverId`, `extensionId`, `packId`); empty for builtins. */
  readonly sourceId: string
  /** Everything after the first `:`; may itself contain `:`. */
  readonly nativeName: string
}

/** Thrown for a malformed ToolId; the message says which part is wrong. */
export class ToolIdError extends Error {
  override readonly name = 'ToolIdError'
}

const kinds: readonly ToolSourceKind[] = ['builtin', 'mcp', 'extension', 'process']

/**
 * Parses a ToolId.
 * @example parseToolId('mcp/github:search') // { kind: 'mcp', sourceId: 'github', nativeName: 'search', … }
 */
export function parseToolId(id: string): ParsedToolId {
  const colon = id.indexOf(':')
  if (colon < 0)
    throw new ToolIdError(`Tool id "${id}" has no ":"; expected <provider>:<name>, e.g. builtin:dice.roll.`)
  const provider = id.slice(0, colon)
  const nativeName = id.slice(colon + 1)
  if (provider === '') throw new ToolIdError(`Tool id "${id}" has an empty provider.`)
  if (nativeName === '') throw new ToolIdError(`Tool id "${id}" has an empty tool name.`)
  const slash = provider.indexOf('/')
  const kindText = slash < 0 ? provider : provider.slice(0, slash)
  const sourceId = slash < 0 ? '' : provider.slice(slash + 1)
  const kind = kinds.find((k) => k === kindText)
  if (kind === undefined) {
    throw new ToolIdError(`Tool id "${id}" has unknown provider "${kindText}"; use one of ${kinds.join(', ')}.`)
  }
  if (kind === 'builtin' && slash >= 0) throw new ToolIdError(`Tool id "${id}": the builtin provider takes no "/<id>".`)
  if (kind !== 'builtin' && sourceId === '') {
    throw new ToolIdError(`Tool id "${id}": provider "${kind}" needs an id, e.g. ${kind}/example:${nativeName}.`)
  }
  return { id, provider, kind, sourceId, nativeName }
}

/**
 * Formats a ToolId from its provider and native name.
 * @example formatToolId('extension/notes', 'append') // 'extension/notes:append'
 */
export function formatToolId(provider: string, nativeName: string): ToolId {
  if (provider.includes(':')) throw new ToolIdError(`Provider "${provider}" must not contain ":".`)
  const id = `${provider}:${nativeName}`
  parseToolId(id)
  return id
}

/** True when `id` parses as a ToolId. */
export function isToolId(id: string): boolean {
  try {
    parseToolId(id)
    return true
  } catch {
    return false
  }
}
