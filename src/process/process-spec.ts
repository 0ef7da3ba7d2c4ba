import type { Scope } from '../core/scope.js'
import type { JsonSchema } from '../core/json-schema.js'

/** The parameter types a process tool spec may declare. */
export const parameterTypes = ['string', 'number', 'integer', 'boolean', 'array', 'object'] as const
/** A parameter type of a process tool spec. */
export type ParameterType = (typeof parameterTypes)[number]

/** One declared parameter of a process tool. */
export interface ProcessParameter {
  readonly name: string
  readonly type: ParameterType
  readonly required: boolean
  readonly description?: string
  readonly enum?: readonly unknown[]
  readonly default?: unknown
  /** The type of an array's items, when declared. */
  readonly items?: Exclude<ParameterType, 'array' | 'object'>
}

/** How a process tool's environment is built, besides PATH, HOME, LANG and TZ. */
export interface ProcessEnvSpec {
  /** Names copied from the host environment when set there. */
  readonly pass: readonly string[]
  /** Fixed values; for a name also in `pass`, the default used when the host does not set it. */
  readonly set: Readonly<Record<string, string>>
}

/** A validated process tool spec: everything needed to offer and run the tool. */
export interface ProcessToolSpec {
  /** The pack id: the file's `pack:` or its name without extension. */
  readonly pack: string
  /** The tool's native name; its ToolId is `process/<pack>:<name>`. */
  readonly name: string
  readonly description: string
  /** Program and arguments as written; a program with a `/` is relative to `directory`. */
  readonly command: readonly string[]
  /** The spec file's directory (absolute): the working directory of the process. */
  readonly directory: string
  /** The spec file as found (for messages) and the line the tool starts on. */
  readonly file: string
  readonly line: number
  readonly parameters: readonly ProcessParameter[]
  /** The parameters as a closed JSON Schema object. */
  readonly inputSchema: JsonSchema
  /** High-risk tools are asked about before each call, each HTTP request and each memory operation. */
  readonly risk: 'low' | 'high'
  readonly readOnly: boolean
  /** Longest one spawn may run. */
  readonly timeoutMs: number
  readonly env: ProcessEnvSpec
  /** URL prefixes the host requests without asking; `${NAME}` is replaced from the tool's environment. */
  readonly httpAllow: readonly string[]
  readonly scopes: readonly Scope[]
}

/** Limits of the protocol loop. */
export const processLimits = {
  /** Spawns per call: the last one must answer with a result. */
  maxRounds: 8,
  /** Bytes of stdout one spawn may print. */
  maxStdoutBytes: 1024 * 1024,
  /** Bytes of stderr kept per spawn for the record. */
  maxStderrBytes: 64 * 1024,
  /** Characters of stderr shown to the model with an error. */
  stderrTailChars: 400,
  /** Body bytes of an HTTP response handed to the process. */
  maxHttpBodyBytes: 1024 * 1024,
  /** Longest one HTTP request of a process may take. */
  httpTimeoutMs: 30_000,
  /** Between SIGTERM and SIGKILL when a process group is stopped. */
  killGraceMs: 1000,
  /** Default time of one spawn. */
  defaultTimeoutMs: 30_000,
  /** Longest total time of a call, whatever the spec says. */
  maxTotalMs: 600_000,
  /** The total time of a call is this many times the spawn timeout (up to `maxTotalMs`). */
  totalFactor: 4,
} as const

/** The total time a call of `spec` may take, all rounds and host operations together. */
export function totalTimeMs(spec: Pick<ProcessToolSpec, 'timeoutMs'>): number {
  return Math.min(spec.timeoutMs * processLimits.totalFactor, processLimits.maxTotalMs)
}
