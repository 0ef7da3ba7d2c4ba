import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { z } from 'zod'

/** What the gate did with a call: ran it, asked a person, or denied it without asking. */
export const decisions = ['allow', 'ask', 'deny'] as const

const call = z.strictObject({
  /** A ToolId, or a builtin's native name (`workspace.shell`). */
  tool: z.string().min(1),
  args: z.record(z.string(), z.unknown()).default({}),
  /** The arguments as the wire text, instead of `args` (for nesting YAML cannot hold). */
  rawArgs: z.string().optional(),
  /** What the gate must do. */
  expect: z.enum(decisions).optional(),
  /** When the call ran (or was refused by its tool): the result's error code, or `ok` for success; a list means any of them. */
  result: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
  /** Text the result must not contain (a secret, a host path). */
  excludes: z.array(z.string()).default([]),
  /** How the person answers if the call asks: `deny` (the default), or allow `once` or `always`. */
  approve: z.enum(['deny', 'once', 'always']).default('deny'),
})

const codeStep = z.strictObject({
  /** `right` (the code issued), `wrong` (another six digits), or literal text typed. */
  code: z.string(),
  /** Redeem in another conversation than the one the code was issued to. */
  otherConversation: z.boolean().default(false),
  /** Name another pending request than the one the code was issued for. */
  otherRequest: z.boolean().default(false),
  /** Time since the code was issued, in minutes. */
  atMinute: z.number().min(0).default(0),
  /** `ok`, or the refusal: `wrong_code`, `locked`, `used`, `expired`, `no_code`. */
  expect: z.string(),
})

const httpStep = z.strictObject({
  /** The bearer token sent: the server's (`right`), another one (`wrong`), or none. */
  auth: z.enum(['right', 'wrong', 'none']).default('right'),
  /** What is posted: `initialize`, `ping`, `call <tool> [<JSON arguments>]`, or `bytes:N` (N bytes of text). */
  send: z.string().default('initialize'),
  /** A Content-Length header larger than what is sent (only the first KB is sent). */
  declaredLength: z.number().int().positive().optional(),
  /** `Host` and `Origin` headers; the server's own host by default, no origin. */
  host: z.string().optional(),
  origin: z.string().optional(),
  /** The `Mcp-Session-Id`: none, the one the last successful initialize opened, or a made-up one. */
  session: z.enum(['none', 'last', 'unknown']).default('none'),
  /** The protocol version an initialize asks for, and the capabilities it declares. */
  protocolVersion: z.string().default('2025-11-25'),
  capabilities: z.record(z.string(), z.unknown()).default({}),
  /** The HTTP status the server must answer with. */
  expect: z.number().int(),
  /** For a tool call: text the (error) result must contain; the result must be an error. */
  deniedWith: z.string().optional(),
})

const processCase = z.strictObject({
  /** A process tool's script (sh). `$PIDS` names a file to append host pids to (read them from /proc/self/stat). */
  script: z.string().min(1),
  /** The tool's timeout in seconds. */
  timeout: z.number().positive().default(5),
  /** Cancel the call, or close the host, once the first pid is recorded. */
  interrupt: z.enum(['none', 'cancel', 'close-host']).default('none'),
  /** The result's error code, `ok`, or `interrupted` when the turn itself ended with the interruption. */
  result: z.string().optional(),
})

const testCase = z.strictObject({
  name: z.string().min(1),
  /** Calls made in order in one invocation (a later call sees what earlier ones did). */
  calls: z.array(call).default([]),
  /** One-time code redemptions, in order, against one freshly issued code. */
  codes: z.array(codeStep).default([]),
  /** Workspace files that must be as they were after the case, even when some call was allowed. */
  keeps: z.array(z.string()).default([]),
  /** Requests, in order, to the host served as an MCP server over HTTP (a server of its own per case). */
  http: z.array(httpStep).default([]),
  /** A process tool called once; every process whose pid it records must be gone afterwards. */
  process: processCase.optional(),
})

/** One corpus file: a class of attack, the setting it runs in, and its cases. */
export const corpusFileSchema = z.strictObject({
  class: z.string().regex(/^[a-z0-9-]+$/),
  description: z.string().min(1),
  /** Profile settings merged onto the default profile. */
  profile: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
  /** Workspace files made afresh before every case (path → content); they must be unchanged after a case whose calls were asked or denied. */
  files: z.record(z.string(), z.string()).default({}),
  /** Files beside the workspace, outside it (path → content); never changed, never shown. */
  outside: z.record(z.string(), z.string()).default({}),
  /** Files in toolhost's data directory (path → content), written before every case; never changed, never shown. */
  data: z.record(z.string(), z.string()).default({}),
  /** Where the data directory is: beside the workspace (the default), or inside it as `.toolhost/`, where it is by default. */
  dataDir: z.enum(['outside', 'workspace']).default('outside'),
  /** Symbolic links made in the workspace (path → target, `OUTSIDE/` for the outside folder, `DATA/` for the data directory). */
  symlinks: z.record(z.string(), z.string()).default({}),
  /** Limits of the MCP HTTP server the `http` cases talk to. */
  server: z
    .strictObject({
      maxBodyBytes: z.number().int().positive().exactOptional(),
      maxSessions: z.number().int().positive().exactOptional(),
    })
    .default({}),
  cases: z.array(testCase).min(1),
})

export type CorpusFile = z.output<typeof corpusFileSchema>
export type CorpusCase = CorpusFile['cases'][number]
export type CorpusCall = CorpusCase['calls'][number]
export type CodeStep = CorpusCase['codes'][number]
export type HttpStep = CorpusCase['http'][number]
export type ProcessCase = NonNullable<CorpusCase['process']>

/** The corpus folder beside this file. */
export const corpusDir = join(import.meta.dirname, 'corpus')

/** `«text×N»` in any string stands for `text` repeated N times, so long inputs stay short to write. */
function expandRepeats(value: unknown): unknown {
  if (typeof value === 'string')
    return value.replace(/«([^«»]*)×(\d+)»/g, (_, text: string, times: string) => text.repeat(Number(times)))
  if (Array.isArray(value)) return value.map(expandRepeats)
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandRepeats(v)]))
  return value
}

/** Every corpus file, parsed; a malformed file throws with its name and problems. */
export function loadCorpus(dir = corpusDir): Array<CorpusFile & { readonly file: string }> {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => {
      const parsed = corpusFileSchema.safeParse(expandRepeats(parse(readFileSync(join(dir, name), 'utf8'))))
      if (!parsed.success)
        throw new Error(`${name}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
      return { ...parsed.data, file: name }
    })
}
