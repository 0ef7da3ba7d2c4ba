import type { IncomingMessage } from 'node:http'
import { bearerRefusal } from '../../mcp/server/bearer-token.js'
import { cookieValue, sameSecret, sessionCookie, type ConsoleSessions } from './console-sessions.js'

/** Who a request comes from: the token itself (scripts), or a logged-in browser. */
export type ApiCaller =
  | { readonly kind: 'token'; readonly actor: 'token' }
  | { readonly kind: 'session'; readonly actor: string; readonly csrfToken: string }

/**
 * The caller of a request: a valid `Authorization: Bearer <token>`, or the console's session
 * cookie; `undefined` when neither.
 */
export function authenticate(req: IncomingMessage, token: string, sessions: ConsoleSessions): ApiCaller | undefined {
  if (req.headers.authorization !== undefined)
    return bearerRefusal(req.headers.authorization, token) === undefined ? { kind: 'token', actor: 'token' } : undefined
  const session = sessions.find(cookieValue(req.headers.cookie, sessionCookie))
  if (session === undefined) return undefined
  return { kind: 'session', actor: `session:${session.id.slice(0, 8)}`, csrfToken: session.csrfToken }
}

/**
 * Why a request that changes something is refused for a browser, or `undefined`: a session must
 * send its CSRF token in `X-CSRF-Token` (a page of another site cannot read it). The token caller
 * sends no cookie, so it needs none.
 */
export function csrfRefusal(req: IncomingMessage, caller: ApiCaller): string | undefined {
  if (caller.kind === 'token' || req.method === 'GET' || req.method === 'HEAD') return undefined
  const sent = req.headers['x-csrf-token']
  return sameSecret(typeof sent === 'string' ? sent : undefined, caller.csrfToken)
    ? undefined
    : 'Missing or wrong X-CSRF-Token header: read it from GET /api/session and send it with every change'
}
