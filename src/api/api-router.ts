import type { IncomingMessage, ServerResponse } from 'node:http'
import type { z } from 'zod'
import type { HttpAccess, HttpMount } from '../daemon/serve/daemon-http.js'
import { refuseHeaders } from '../mcp/server/loopback.js'
import { authenticate, csrfRefusal, type ApiCaller } from './access/authenticate.js'
import { sameSecret, sessionCookie, type ConsoleSessions } from './access/console-sessions.js'
import type { ApiContext } from './api-context.js'
import { recordApiRequest } from './api-audit.js'
import { openApiDocument } from './openapi.js'
import { ApiError, type ApiRoute } from './route.js'

/** Largest JSON body the API reads. */
const maxBodyBytes = 1024 * 1024

interface CompiledRoute {
  readonly route: ApiRoute
  readonly pattern: RegExp
  readonly names: readonly string[]
}

/**
 * The HTTP API under `/api/` and the login at `/login?token=…`: every request passes the Host and
 * Origin checks; everything but `/api/openapi.json` needs the token (a bearer header) or a session
 * cookie the login set; a browser's changes need its CSRF token too; every change is audited.
 * Path, query and body are validated with the route's zod schemas (400 with the issues).
 */
export function apiMount(
  ctx: ApiContext,
  access: HttpAccess,
  sessions: ConsoleSessions,
  routes: readonly ApiRoute[],
): HttpMount {
  const compiled = routes.map(compile)
  let document: unknown
  return {
    matches: (path) => path === '/api' || path.startsWith('/api/') || path === '/login' || path === '/logout',
    async handle(req, res, path) {
      const refusal = refuseHeaders(req.headers.host, req.headers.origin, access.allowedHosts())
      if (refusal !== undefined) return send(res, 403, { error: refusal })
      const url = new URL(req.url ?? '/', 'http://localhost')
      if (path === '/login') return login(req.method, res, url, access.token, sessions)
      if (path === '/logout') return logout(res)
      if (path === '/api/openapi.json' && req.method === 'GET')
        return send(res, 200, (document ??= openApiDocument(routes)))
      const caller = authenticate(req, access.token, sessions)
      if (caller === undefined)
        return send(
          res,
          401,
          {
            error:
              'Not logged in: open the login URL toolhost serve printed, or send "Authorization: Bearer <token>" (in <data-dir>/serve-token)',
          },
          { 'www-authenticate': 'Bearer' },
        )
      if (path === '/api/session' && req.method === 'GET')
        return send(res, 200, {
          actor: caller.actor,
          ...(caller.kind === 'session' && { csrfToken: caller.csrfToken }),
        })
      const found = find(compiled, req.method ?? 'GET', path)
      if (found === 'no-path') return send(res, 404, { error: `No endpoint ${path}; GET /api/openapi.json lists them` })
      if (found === 'no-method')
        return send(res, 405, { error: `${req.method ?? ''} is not allowed on ${path}; see /api/openapi.json` })
      const csrf = csrfRefusal(req, caller)
      if (csrf !== undefined) return send(res, 403, { error: csrf })
      await answer(ctx, caller, found.route, found.params, url, req, res)
    },
  }
}

async function answer(
  ctx: ApiContext,
  caller: ApiCaller,
  route: ApiRoute,
  rawParams: Record<string, string>,
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const changes = route.method !== 'GET'
  let status = 500
  try {
    const params = parse(route.params, rawParams, 'path')
    const query = parse(route.query, Object.fromEntries(url.searchParams), 'query')
    const body = route.body === undefined ? undefined : parse(route.body, await readJson(req), 'body')
    const reply = await route.handle({ params, query, body, ctx, req, actor: caller.actor })
    if ('stream' in reply) {
      status = 200
      reply.stream(res)
      return
    }
    status = reply.status ?? 200
    send(res, status, reply.body)
  } catch (error) {
    if (error instanceof ApiError) {
      status = error.status
      send(res, status, { error: error.message, ...(error.details !== undefined && { details: error.details }) })
    } else {
      ctx.daemon.log.error('an API request failed', {
        path: url.pathname,
        error: error instanceof Error ? error.message : String(error),
      })
      send(res, 500, { error: 'Internal server error; the daemon log has the details' })
    }
  } finally {
    if (changes) recordApiRequest(ctx.store, { actor: caller.actor, method: route.method, path: url.pathname, status })
  }
}

/** Validates a part of the request; a failure is a 400 naming each wrong field. */
function parse(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (schema === undefined) return value
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues.map((issue) => ({
    path: [part, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }))
  throw new ApiError(
    400,
    `Invalid ${part}: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
    issues,
  )
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const type = req.headers['content-type'] ?? ''
  if (!type.includes('application/json'))
    throw new ApiError(415, 'Send the body as JSON (content-type: application/json)')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > maxBodyBytes) throw new ApiError(413, `The body is larger than ${maxBodyBytes / 1024} KiB`)
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new ApiError(400, `The body is not valid JSON: ${(error as Error).message}`)
  }
}

/** `GET /login?token=…` (or `/?token=…`): a session cookie for the browser, then the console. */
export function login(
  method: string | undefined,
  res: ServerResponse,
  url: URL,
  token: string,
  sessions: ConsoleSessions,
): void {
  if (method !== 'GET') return send(res, 405, { error: 'Log in with GET /login?token=<token>' })
  if (!sameSecret(url.searchParams.get('token') ?? undefined, token))
    return send(res, 401, { error: 'Wrong or missing token: open the login URL toolhost serve printed' })
  const session = sessions.open()
  // The token leaves the address bar at once; the cookie cannot be read by scripts nor sent by other sites.
  res.writeHead(303, {
    location: '/',
    'set-cookie': `${sessionCookie}=${session.id}; HttpOnly; SameSite=Strict; Path=/`,
    'cache-control': 'no-store',
  })
  res.end()
}

function logout(res: ServerResponse): void {
  res.writeHead(303, { location: '/', 'set-cookie': `${sessionCookie}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0` })
  res.end()
}

function compile(route: ApiRoute): CompiledRoute {
  const names: string[] = []
  const source = route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(segment.slice(1))
      return '([^/]+)'
    })
    .join('/')
  return { route, pattern: new RegExp(`^${source}$`), names }
}

function find(
  routes: readonly CompiledRoute[],
  method: string,
  path: string,
): { route: ApiRoute; params: Record<string, string> } | 'no-path' | 'no-method' {
  let pathFound = false
  for (const { route, pattern, names } of routes) {
    const match = pattern.exec(path)
    if (match === null) continue
    pathFound = true
    if (route.method !== method) continue
    const params = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]))
    return { route, params }
  }
  return pathFound ? 'no-method' : 'no-path'
}

/** Writes a JSON answer. */
export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers })
  res.end(JSON.stringify(body))
}
