import { z } from 'zod'
import { parsePermissionRule } from './permission-rule.js'
import { toolPatternProblem } from '../core/tool-pattern.js'
import { sandboxSettings } from './sandbox-settings.js'
import { databaseSettings } from './database-settings.js'
import { webSearchSettings } from './web-search-settings.js'
import { lspSettings } from './lsp-settings.js'

/**
 * The profile schema version this toolhost writes and reads natively. Version 2 made the round and
 * call limits optional and unlimited by default; older profiles are upgraded by `profileMigrations`.
 */
export const currentProfileSchemaVersion = 2

const toolPattern = z.string().superRefine((value, ctx) => {
  const problem = toolPatternProblem(value)
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: `"${value}" ${problem}` })
})

const permissionRule = z.string().superRefine((value, ctx) => {
  const parsed = parsePermissionRule(value)
  if ('problem' in parsed) ctx.addIssue({ code: 'custom', message: `rule "${value}" ${parsed.problem}` })
})

const count = (max: number) => z.number().int().min(1).max(max)

/** Permission modes: what happens to a call no rule matches (DESIGN §7). */
export const permissionModes = ['default', 'acceptEdits', 'plan', 'dontAsk', 'bypass'] as const

/**
 * How the deferred-tool pair is offered to the model: `toolhost` — `tools_search {query, limit}`
 * and `tools_call {tool, arguments}`; `ias` — the iAs meta tools, `query_capabilities {query?}`
 * (with no query: every tool) and `call_capability {name, prompt}` (`prompt`: the arguments as a
 * JSON text).
 */
export const metaToolStyles = ['toolhost', 'ias'] as const

const toolsSettings = z.strictObject({
  /** Tools offered, in order (aliases of external tools are allocated in this order); ids or globs. */
  allow: z.array(toolPattern).default(['builtin:*']),
  /** Tools never offered; wins over `allow`. */
  deny: z.array(toolPattern).default([]),
  /** Description overrides by ToolId. */
  descriptions: z.record(z.string(), z.string().min(1)).default({}),
  /** Model turns a run may take; unlimited when absent. */
  maxRounds: count(10_000).optional(),
  /** Tool calls a run may make (unknown names included); unlimited when absent. */
  maxCallsPerRun: count(100_000).optional(),
  /** Per-tool call budgets by ToolId or glob; the first matching key applies. */
  maxCallsPerTool: z.record(z.string(), z.number().int().min(0)).default({}),
  inlineCharLimit: count(10_000_000).default(50_000),
  /** Compile schemas in OpenAI strict mode where the protocol has it and the schema allows it. */
  strictSchemas: z.boolean().default(false),
  /** Calls of one turn that may run at once. */
  maxConcurrency: count(100).default(10),
  /** More directories of process tool specs (relative to the working directory), besides the host's. */
  processDirs: z.array(z.string().min(1)).default([]),
  /**
   * Deferred tools (DESIGN §12): left out of the model's tool list and found with `tools_search`,
   * called with `tools_call`. ToolId patterns, or `auto`: defer MCP, extension and process tools
   * when all definitions would take more than `deferThreshold` of the model's context.
   */
  deferred: z.union([z.literal('auto'), z.array(toolPattern)]).default([]),
  /** For `deferred: 'auto'`: the share of the model's context tool definitions may take (0.1 = 10 %). */
  deferThreshold: z.number().gt(0).max(1).default(0.1),
  /**
   * The style of the deferred-tool pair ({@link metaToolStyles}). With `ias` the pair is always
   * offered, and `query_capabilities` lists every tool of the invocation, deferred or not; add
   * `deferred: ['*']` for the iAs layout, where the model sees the pair (and completion tools) only.
   */
  metaTools: z.enum(metaToolStyles).default('toolhost'),
})

const networkSettings = z.strictObject({
  /** Hosts, addresses or CIDR ranges web.fetch may reach although they are private, loopback or link-local. */
  allowPrivateHosts: z.array(z.string().min(1)).default([]),
  /** URL prefixes the sandboxed shell may reach (its network is off otherwise), e.g. `https://api.example.com/`. */
  shellUrlPrefixes: z.array(z.url({ protocol: /^https?$/ })).default([]),
})

const commandHook = z.strictObject({
  /** The program to run (no shell); it reads the hook input as JSON on stdin. */
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  /** Tools the hook applies to (ToolId or glob); all when omitted. */
  match: toolPattern.optional(),
  timeoutMs: z.number().int().min(100).max(600_000).default(10_000),
})

const hooksSettings = z.strictObject({
  preTool: z.array(commandHook).default([]),
  postTool: z.array(commandHook).default([]),
})

const permissionsSettings = z.strictObject({
  mode: z.enum(permissionModes).default('default'),
  allow: z.array(permissionRule).default([]),
  ask: z.array(permissionRule).default([]),
  deny: z.array(permissionRule).default([]),
})

const skillsSettings = z.strictObject({
  /** Skills listed to the model and mounted at `skills/<name>/`, by name or glob. */
  visible: z.array(z.string().min(1)).default(['*']),
  /** Skills never shown; wins over `visible`. */
  deny: z.array(z.string().min(1)).default([]),
})

const agentSettings = z.strictObject({
  /** Other agents may delegate or hand off to this profile. */
  callable: z.boolean().default(false),
  /** What this agent is for, shown to agents that may call it. */
  description: z.string().optional(),
  /** The agent's instructions, placed at the start of the system prompt. */
  systemPrompt: z.string().optional(),
  /**
   * Put the project's `AGENTS.md` and `CLAUDE.md` (from the workspace root, 20,000 characters at
   * most) in the system prompt. Absent: yes in session scope, no in chat scope (whose workspace is
   * the run's own, written by the model and the people it talks to).
   */
  projectInstructions: z.boolean().optional(),
  /** Callable profiles this agent may delegate or hand off to (ids or globs). */
  delegates: z.array(z.string().min(1)).default(['*']),
  /** Compact the history when the prompt reaches this share of the model's context window. */
  compactAt: z.number().gt(0).max(1).default(0.8),
  /** Tokens of the most recent turns compaction always keeps verbatim. */
  keepRecentTokens: z.number().int().min(0).default(8_000),
  /** Drift recoveries (text-only turns in chat scope) before the run fails. */
  maxDriftAttempts: count(1_000).default(20),
  /**
   * Provider settings sent with every model turn, by provider name, e.g.
   * `{ anthropic: { thinking: { type: enabled, budgetTokens: 4000 } } }` or `{ openai: { reasoningEffort: low } }`.
   */
  providerOptions: z.record(z.string(), z.record(z.string(), z.json())).optional(),
  /** Longest answer of one model turn, in tokens; the provider's default when absent. */
  maxOutputTokens: z.number().int().min(1).optional(),
  /**
   * Seconds a model call may stay silent (before its response begins, or between two parts of its
   * stream) before it fails and is retried like other retryable model errors; fractions allowed.
   */
  streamIdleTimeoutSec: z.number().gt(0).max(86_400).default(120),
})

/** The profile schema (version {@link currentProfileSchemaVersion}). Unknown keys are errors so that typos never pass silently. */
export const profileSchema = z.strictObject({
  schemaVersion: z.literal(currentProfileSchemaVersion),
  id: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/,
      'must be 1-64 letters, digits, "_", "-" or ".", starting with a letter or digit',
    ),
  name: z.string().optional(),
  description: z.string().optional(),
  /** Model string `provider:model`. */
  model: z.string().optional(),
  tools: toolsSettings.prefault({}),
  permissions: permissionsSettings.prefault({}),
  /** Command hooks run before and after tool calls. */
  hooks: hooksSettings.prefault({}),
  network: networkSettings.prefault({}),
  /** How `system.shell` and `repl.run` sandbox real programs. */
  sandbox: sandboxSettings.prefault({}),
  skills: skillsSettings.prefault({}),
  agent: agentSettings.prefault({}),
  /** Named connections for `database.query` and `database.schema`. */
  databases: databaseSettings.default({}),
  /** How `web.search` searches. */
  webSearch: webSearchSettings.prefault({}),
  /** Language servers for the `lsp.*` tools. */
  lsp: lspSettings.prefault({}),
})

/** A validated profile with every default filled in. */
export type Profile = z.output<typeof profileSchema>
/** A profile as written by a person: every setting but `schemaVersion` and `id` may be left out. */
export type ProfileInput = z.input<typeof profileSchema>
/** A style of the deferred-tool pair. */
export type MetaToolStyle = (typeof metaToolStyles)[number]
/** A permission mode. */
export type PermissionMode = (typeof permissionModes)[number]

/** The keys a profile object may hold at a dotted path (`''`, `tools`, `permissions`), for error messages. */
export function profileKeysAt(path: string): readonly string[] {
  if (path === '') return Object.keys(profileSchema.shape)
  if (path === 'tools') return Object.keys(toolsSettings.shape)
  if (path === 'permissions') return Object.keys(permissionsSettings.shape)
  if (path === 'hooks') return Object.keys(hooksSettings.shape)
  if (path === 'network') return Object.keys(networkSettings.shape)
  if (path === 'sandbox') return Object.keys(sandboxSettings.shape)
  if (path === 'skills') return Object.keys(skillsSettings.shape)
  if (path === 'agent') return Object.keys(agentSettings.shape)
  if (path === 'webSearch') return Object.keys(webSearchSettings.shape)
  if (path === 'lsp') return Object.keys(lspSettings.shape)
  return []
}

/** Validates `tools.maxCallsPerTool` keys as tool patterns (records cannot refine keys with messages). */
export function maxCallsKeyProblems(profile: Profile): string[] {
  return Object.keys(profile.tools.maxCallsPerTool).flatMap((key) => {
    const problem = toolPatternProblem(key)
    return problem === undefined ? [] : [`tools.maxCallsPerTool: "${key}" ${problem}`]
  })
}
