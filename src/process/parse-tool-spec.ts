import { isScope, scopes as allScopes } from '../core/scope.js'
import { parametersSchema, readParameters } from './parameters-schema.js'
import { processLimits, type ProcessToolSpec } from './process-spec.js'
import type { SpecReader } from './spec-reader.js'
import { readCommand, readEnv, readHttpAllow } from './spec-runtime-fields.js'
import { readField, synonymsOf } from './synonym-field.js'

/** The keys a tool spec may have (besides their synonyms, see `fieldSynonyms`). */
export const toolKeys = [
  'name',
  'description',
  'command',
  'parameters',
  'risk',
  'readOnly',
  'timeout',
  'env',
  'http',
  'scopes',
] as const

/** Names of packs and tools: what a ToolId part may hold. */
export const specIdPattern = /^[A-Za-z0-9_.-]{1,64}$/
const idHint = 'may contain only letters, digits, "_", "-" and "." (at most 64)'

/** Where a tool spec was found. */
export interface ToolSpecOrigin {
  readonly pack: string
  readonly file: string
  /** The spec file's directory, absolute. */
  readonly directory: string
}

/** A tool read from a spec: the spec when it is valid, and its name when it could be read. */
export interface ReadToolSpec {
  readonly name: string | undefined
  readonly line: number
  readonly spec: ProcessToolSpec | undefined
}

/**
 * Reads one tool's mapping (the whole file for a single-tool file, one entry of `tools:` in a
 * pack). Problems go to `reader`; the spec is returned only when there are none.
 */
export function readToolSpec(
  reader: SpecReader,
  node: unknown,
  origin: ToolSpecOrigin,
  fallbackLine: number,
  extraKeys: readonly string[] = [],
): ReadToolSpec {
  const problemsBefore = reader.problems.length
  const fields = reader.fields(node, 'the tool', [...toolKeys, ...synonymsOf(toolKeys), ...extraKeys], fallbackLine)
  if (fields === undefined) return { name: undefined, line: fallbackLine, spec: undefined }
  const get = (key: string) => fields.values.get(key)
  const at = (key: string) => fields.lineOf(key)

  const name =
    get('name') === undefined
      ? reader.report(fields.line, 'name is missing')
      : reader.string(get('name'), 'name', at('name'), { pattern: specIdPattern, hint: idHint })
  const written = readField(reader, fields, 'description', 'the tool')
  const description =
    written.node === undefined
      ? reader.report(fields.line, 'description is missing')
      : reader.string(written.node, 'description', written.line)
  const command = readCommand(reader, get('command'), fields.line, origin.directory)
  const parameters = readParameters(reader, get('parameters'), at('parameters'))
  const risk =
    get('risk') === undefined ? 'low' : reader.choice(get('risk'), 'risk', at('risk'), ['low', 'high'] as const)
  const readOnly = get('readOnly') === undefined ? false : reader.boolean(get('readOnly'), 'readOnly', at('readOnly'))
  const maxSeconds = processLimits.maxTotalMs / 1000
  const timeout =
    get('timeout') === undefined
      ? processLimits.defaultTimeoutMs / 1000
      : reader.number(get('timeout'), 'timeout (seconds)', at('timeout'), { min: 0.1, max: maxSeconds })
  const env = readEnv(reader, get('env'), at('env'))
  const httpAllow = readHttpAllow(reader, get('http'), at('http'), env)
  const scopes = get('scopes') === undefined ? [...allScopes] : reader.strings(get('scopes'), 'scopes', at('scopes'))
  const badScope = scopes?.find((scope) => !isScope(scope))
  if (badScope !== undefined) reader.report(at('scopes'), `scopes may list ${allScopes.join(', ')}, not "${badScope}"`)

  const spec =
    reader.problems.length > problemsBefore ||
    name === undefined ||
    description === undefined ||
    command === undefined ||
    parameters === undefined ||
    risk === undefined ||
    readOnly === undefined ||
    timeout === undefined ||
    env === undefined ||
    httpAllow === undefined ||
    scopes === undefined
      ? undefined
      : {
          pack: origin.pack,
          name,
          description,
          command,
          directory: origin.directory,
          file: origin.file,
          line: fields.line,
          parameters,
          inputSchema: parametersSchema(parameters),
          risk,
          readOnly,
          timeoutMs: Math.round(timeout * 1000),
          env,
          httpAllow,
          scopes: scopes.filter(isScope),
        }
  return { name: name ?? readName(reader, get('name')), line: fields.line, spec }
}

/** The name as written even when it is not valid, to name the tool in diagnostics. */
function readName(reader: SpecReader, node: unknown): string | undefined {
  const value = reader.plain(node)
  return typeof value === 'string' && value !== '' ? value : undefined
}
