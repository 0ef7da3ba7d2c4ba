import { z } from 'zod'

/** A language server the `lsp.*` tools start for files of its extensions. */
export const languageServerSettings = z.strictObject({
  /** The program (found on PATH or in the workspace's node_modules/.bin) and its arguments; it speaks LSP on stdio. */
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  /** File extensions it serves, with the dot: `.py`. */
  extensions: z.array(z.string().regex(/^\.[A-Za-z0-9_+-]+$/, 'must be an extension such as .py')).min(1),
  /** LSP language ids by extension when they differ from the extension (`.ts` → `typescript` is known). */
  languageIds: z.record(z.string(), z.string().min(1)).default({}),
  /** Sent as `initializationOptions`. */
  initializationOptions: z.json().optional(),
  /** False turns off a server, also one toolhost configures by default (typescript). */
  enabled: z.boolean().default(true),
})

/** The `lsp.*` tools' language servers, by name; merged over toolhost's defaults (typescript). */
export const lspSettings = z.strictObject({
  servers: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), languageServerSettings).default({}),
  /** A server nobody asked for this long is shut down. */
  idleTimeoutSec: z.number().int().min(1).max(86_400).default(300),
  /** Longest one request to a server may take. */
  requestTimeoutSec: z.number().int().min(1).max(600).default(30),
})

/** A validated language server entry. */
export type LanguageServerSettings = z.output<typeof languageServerSettings>
/** Validated `lsp` settings. */
export type LspSettings = z.output<typeof lspSettings>
