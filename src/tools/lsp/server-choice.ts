import type { LanguageServerSettings, LspSettings } from '../../profile/lsp-settings.js'

/** The server that answers for a file, and the language id the file is opened with. */
export interface ServerChoice {
  readonly name: string
  readonly settings: LanguageServerSettings
  readonly languageId: string
}

/** LSP language ids of common extensions; others use the extension without its dot. */
const knownLanguageIds: Readonly<Record<string, string>> = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'typescriptreact',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascriptreact',
  '.py': 'python',
  '.pyi': 'python',
  '.go': 'go',
  '.rs': 'rust',
}

/** The profile's servers that are switched on, in profile order. */
export function enabledServers(lsp: LspSettings): readonly (readonly [string, LanguageServerSettings])[] {
  return Object.entries(lsp.servers).filter(([, settings]) => settings.enabled)
}

/** The extension of a path, with its dot, lower-cased; '' when it has none. */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? '' : name.slice(dot).toLowerCase()
}

/**
 * The first enabled server whose extensions include the file's, or undefined.
 * @example serverForFile(lsp, 'src/a.ts')?.languageId // 'typescript'
 */
export function serverForFile(lsp: LspSettings, path: string): ServerChoice | undefined {
  const extension = extensionOf(path)
  if (extension === '') return undefined
  for (const [name, settings] of enabledServers(lsp)) {
    if (!settings.extensions.some((served) => served.toLowerCase() === extension)) continue
    const own = Object.entries(settings.languageIds).find(([ext]) => ext.toLowerCase() === extension)?.[1]
    return { name, settings, languageId: own ?? knownLanguageIds[extension] ?? extension.slice(1) }
  }
  return undefined
}

/** Every extension the enabled servers serve, for "unknown language" errors. */
export function servedExtensions(lsp: LspSettings): readonly string[] {
  return [...new Set(enabledServers(lsp).flatMap(([, settings]) => settings.extensions))]
}
