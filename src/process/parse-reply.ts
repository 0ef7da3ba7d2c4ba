/** An operation on the owner's memory that a process asks the host to perform. */
export type DbRequest =
  | { readonly operation: 'read'; readonly id?: string; readonly tag?: string; readonly limit?: number }
  | { readonly operation: 'write'; readonly id?: string; readonly text: string; readonly tags?: readonly string[] }
  | { readonly operation: 'search'; readonly query: string; readonly tags?: readonly string[]; readonly limit?: number }
  | { readonly operation: 'delete'; readonly id: string }

/** An HTTP request that a process asks the host to perform. */
export interface HttpRequest {
  readonly method: string
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string
  /** What the request is for, shown to whoever approves it. */
  readonly description: string
}

/**
 * What a process answers in one round. `state`, when given with an operation, comes back in the
 * next request unchanged, so a process can carry what it needs from one round to the next.
 */
export type ProcessReply =
  | { readonly type: 'result'; readonly content: string; readonly structured?: Record<string, unknown> }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'http'; readonly request: HttpRequest; readonly state?: unknown }
  | { readonly type: 'db'; readonly request: DbRequest; readonly state?: unknown }

/** A parsed reply, or what is wrong with the output. */
export type ReplyParse =
  { readonly ok: true; readonly reply: ProcessReply } | { readonly ok: false; readonly problem: string }

/** The HTTP methods a process may ask for. */
export const httpMethods: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
const dbOperations = ['read', 'write', 'search', 'delete'] as const
/** The memory operations under the names of the specs written for iAs, which run unchanged. */
export const dbOperationSynonyms: Readonly<Record<string, (typeof dbOperations)[number]>> = {
  read_memories: 'read',
  write_memory: 'write',
  search_memories: 'search',
  delete_memory: 'delete',
}
const maxLimit = 1000

class ReplyProblem extends Error {}

/**
 * Parses what a process printed on stdout: exactly one JSON object on one line (a final line break
 * is optional) with a known `type` and the fields of that type, no others. Problems are worded for
 * the tool's author: they say what was printed and what was expected.
 */
export function parseReply(stdout: string): ReplyParse {
  const lines = stdout.split('\n').filter((line) => line.trim() !== '')
  if (lines.length === 0) return { ok: false, problem: 'it printed nothing on stdout (expected one JSON line)' }
  if (lines.length > 1)
    return {
      ok: false,
      problem: `it printed ${lines.length} lines on stdout (expected exactly one JSON line; write logs to stderr)`,
    }
  const line = lines[0] ?? ''
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    const cut = stdout.endsWith('\n') ? '' : ', and the line has no line break at its end, as if cut off'
    return { ok: false, problem: `its output is not valid JSON${cut}: ${excerpt(line)}` }
  }
  if (!isRecord(value)) return { ok: false, problem: `its output is JSON but not an object: ${excerpt(line)}` }
  try {
    return { ok: true, reply: readReply(value) }
  } catch (error) {
    if (error instanceof ReplyProblem) return { ok: false, problem: error.message }
    throw error
  }
}

function readReply(value: Record<string, unknown>): ProcessReply {
  const type = value.type
  switch (type) {
    case 'result': {
      only(value, ['type', 'content', 'structured'], 'a result')
      const structured = value.structured
      if (structured !== undefined && !isRecord(structured))
        throw new ReplyProblem('"structured" of a result must be a JSON object')
      return { type, content: text(value, 'content', 'a result'), ...(structured !== undefined && { structured }) }
    }
    case 'error':
      only(value, ['type', 'message'], 'an error')
      return { type, message: text(value, 'message', 'an error') }
    case 'http':
      only(value, ['type', 'method', 'url', 'headers', 'body', 'description', 'state'], 'an http request')
      return { type, request: readHttp(value), ...('state' in value && { state: value.state }) }
    case 'db':
      return { type, request: readDb(value), ...('state' in value && { state: value.state }) }
    default:
      throw new ReplyProblem(
        `"type" must be one of result, http, db, error (got ${excerpt(JSON.stringify(type) ?? 'nothing')})`,
      )
  }
}

function readHttp(value: Record<string, unknown>): HttpRequest {
  const method = value.method === undefined ? 'GET' : text(value, 'method', 'an http request').toUpperCase()
  if (!httpMethods.includes(method))
    throw new ReplyProblem(`"method" must be one of ${httpMethods.join(', ')} (got ${excerpt(method)})`)
  const url = text(value, 'url', 'an http request')
  if (!isHttpUrl(url)) throw new ReplyProblem(`"url" must be an absolute http:// or https:// URL (got ${excerpt(url)})`)
  const headers = value.headers ?? {}
  if (!isRecord(headers) || !Object.values(headers).every((header) => typeof header === 'string')) {
    throw new ReplyProblem('"headers" of an http request must be an object of texts')
  }
  const body = optionalText(value, 'body', 'an http request')
  if (body !== undefined && (method === 'GET' || method === 'HEAD'))
    throw new ReplyProblem(`a ${method} request cannot have a "body"`)
  const description = optionalText(value, 'description', 'an http request') ?? ''
  return { method, url, headers: headers as Record<string, string>, ...(body !== undefined && { body }), description }
}

function readDb(value: Record<string, unknown>): DbRequest {
  const written = value.operation
  const named =
    typeof written === 'string' && Object.hasOwn(dbOperationSynonyms, written) ? dbOperationSynonyms[written] : written
  const operation = dbOperations.find((op) => op === named)
  const common = ['type', 'operation', 'state']
  switch (operation) {
    case 'read':
      only(value, [...common, 'id', 'tag', 'limit'], 'a db read')
      return {
        operation,
        ...optionals({
          id: optionalText(value, 'id', 'a db read'),
          tag: optionalText(value, 'tag', 'a db read'),
          limit: limit(value),
        }),
      }
    case 'write':
      only(value, [...common, 'id', 'text', 'tags'], 'a db write')
      return {
        operation,
        text: text(value, 'text', 'a db write'),
        ...optionals({ id: optionalText(value, 'id', 'a db write'), tags: tags(value) }),
      }
    case 'search':
      only(value, [...common, 'query', 'tags', 'limit'], 'a db search')
      return {
        operation,
        query: text(value, 'query', 'a db search'),
        ...optionals({ tags: tags(value), limit: limit(value) }),
      }
    case 'delete':
      only(value, [...common, 'id'], 'a db delete')
      return { operation, id: text(value, 'id', 'a db delete') }
    default:
      throw new ReplyProblem(
        `"operation" of a db request must be one of ${[...dbOperations, ...Object.keys(dbOperationSynonyms)].join(', ')} (got ${excerpt(JSON.stringify(value.operation) ?? 'nothing')})`,
      )
  }
}

function only(value: Record<string, unknown>, allowed: readonly string[], what: string): void {
  const extra = Object.keys(value).find((key) => !allowed.includes(key))
  if (extra !== undefined)
    throw new ReplyProblem(`${what} has an unknown field "${excerpt(extra)}" (it may have ${allowed.join(', ')})`)
}

function text(value: Record<string, unknown>, key: string, what: string): string {
  const found = value[key]
  if (typeof found !== 'string')
    throw new ReplyProblem(`"${key}" of ${what} must be a text${found === undefined ? ', and it is missing' : ''}`)
  return found
}

function optionalText(value: Record<string, unknown>, key: string, what: string): string | undefined {
  return value[key] === undefined ? undefined : text(value, key, what)
}

function tags(value: Record<string, unknown>): string[] | undefined {
  const found = value.tags
  if (found === undefined) return undefined
  if (!Array.isArray(found) || !found.every((tag) => typeof tag === 'string'))
    throw new ReplyProblem('"tags" must be a list of texts')
  return found
}

function limit(value: Record<string, unknown>): number | undefined {
  const found = value.limit
  if (found === undefined) return undefined
  if (!Number.isInteger(found) || (found as number) < 1 || (found as number) > maxLimit)
    throw new ReplyProblem(`"limit" must be a whole number from 1 to ${maxLimit}`)
  return found as number
}

/** The entries whose value is defined, for optional fields of a request. */
function optionals<T extends Record<string, unknown>>(
  fields: T,
): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<{
    [K in keyof T]: Exclude<T[K], undefined>
  }>
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ')
  return flat.length > 120 ? `${flat.slice(0, 120)}…` : flat
}
