import { z } from 'zod'

const extension = z.string().regex(/^\.[A-Za-z0-9_+-]+$/, 'must be an extension such as .py')

/** A language server entry as written in a profile: a preset's name may leave everything out. */
const languageServerEntry = z.strictObject({
  /** The program (found on PATH or in the workspace's node_modules/.bin) and its arguments; it speaks LSP on stdio. */
  command: z.string().min(1).optional(),
  args: z.array(z.string()).optional(),
  /** File extensions it serves, with the dot: `.py`. */
  extensions: z.array(extension).min(1).optional(),
  /** LSP language ids by extension when they differ from the extension without its dot (`.ts` → `typescript` is known). */
  languageIds: z.record(extension, z.string().min(1)).optional(),
  /** Sent as `initializationOptions`. */
  initializationOptions: z.json().optional(),
  /** False turns the server off. */
  enabled: z.boolean().default(true),
})

/** A validated language server entry, with its preset filled in. */
export interface LanguageServerSettings {
  readonly command: string
  readonly args: readonly string[]
  readonly extensions: readonly string[]
  readonly languageIds: Readonly<Record<string, string>>
  readonly initializationOptions?: z.core.util.JSONType
  readonly enabled: boolean
}

type Preset = Pick<LanguageServerSettings, 'command' | 'args' | 'extensions'>

/**
 * Servers a profile names without spelling them out: `lsp: { servers: { typescript: {} } }`.
 * Fields given in the profile replace the preset's.
 */
export const languageServerPresets: Readonly<Record<string, Preset>> = {
  typescript: {
    command: 'typescript-language-server',
    args: ['--stdio'],
    extensions: ['.ts', '.tsx', '.js', '.jsx', '.mts', '.cts', '.mjs', '.cjs'],
  },
  pyright: { command: 'pyright-langserver', args: ['--stdio'], extensions: ['.py', '.pyi'] },
  gopls: { command: 'gopls', args: [], extensions: ['.go'] },
  'rust-analyzer': { command: 'rust-analyzer', args: [], extensions: ['.rs'] },
}

const serverName = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, "_" or "-"')

const languageServers = z
  .record(serverName, languageServerEntry)
  .transform((entries, ctx): Record<string, LanguageServerSettings> => {
    const servers: Record<string, LanguageServerSettings> = {}
    for (const [name, entry] of Object.entries(entries)) {
      const preset = Object.hasOwn(languageServerPresets, name) ? languageServerPresets[name] : undefined
      const command = entry.command ?? preset?.command
      const extensions = entry.extensions ?? preset?.extensions
      const presetNames = Object.keys(languageServerPresets).join(', ')
      if (command === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [name, 'command'],
          message: `is missing: "${name}" is not a preset (${presetNames}), so give the program that runs the server`,
        })
      if (extensions === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [name, 'extensions'],
          message: `is missing: "${name}" is not a preset (${presetNames}), so list the file extensions it serves, e.g. [".py"]`,
        })
      if (command === undefined || extensions === undefined) continue
      servers[name] = {
        command,
        args: entry.args ?? (entry.command === undefined ? (preset?.args ?? []) : []),
        extensions,
        languageIds: entry.languageIds ?? {},
        ...(entry.initializationOptions !== undefined && { initializationOptions: entry.initializationOptions }),
        enabled: entry.enabled,
      }
    }
    return servers
  })

/** The `lsp.*` tools' language servers, by name; none by default. */
export const lspSettings = z.strictObject({
  /** Servers by name; a preset's name (typescript, pyright, gopls, rust-analyzer) needs no more: `{ typescript: {} }`. */
  servers: languageServers.default({}),
  /** A server nobody asked for this long is shut down. */
  idleTimeoutSec: z.number().int().min(1).max(86_400).default(300),
  /** Longest one request to a server may take. */
  requestTimeoutSec: z.number().int().min(1).max(600).default(30),
})

/** Validated `lsp` settings. */
export type LspSettings = z.output<typeof lspSettings>
