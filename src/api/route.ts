import type { IncomingMessage, ServerResponse } from 'node:http'
import type { z } from 'zod'
import type { ApiContext } from './api-context.js'

/** HTTP methods the API answers. */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** What a handler is given: the parsed path parameters, query and body, and the API's context. */
export interface RouteInput<P, Q, B> {
  readonly params: P
  readonly query: Q
  readonly body: B
  readonly ctx: ApiContext
  readonly req: IncomingMessage
  /** Who made the request, for the audit: `session:<id>` or `token`. */
  readonly actor: string
}

/** A JSON answer; `status` defaults to 200. */
export interface JsonReply<R> {
  readonly status?: number
  readonly body: R
}

/** An answer the handler writes itself (an event stream). */
export interface StreamReply {
  readonly stream: (res: ServerResponse) => void
}

/** An API error with its status: a message that says what is wrong and how to fix it. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly details?: unknown
  constructor(status: number, message: string, details?: unknown) {
    super(message)
    this.status = status
    this.details = details
  }
}

/** One endpoint: its method and path, its schemas (the server validates with them and the OpenAPI document is made from them), and its handler. */
export interface ApiRoute {
  readonly method: ApiMethod
  /** `/api/runs/:runId`: `:name` segments are path parameters. */
  readonly path: string
  readonly summary: string
  readonly tag: string
  readonly params?: z.ZodType
  readonly query?: z.ZodType
  readonly body?: z.ZodType
  /** The 2xx body; absent for streams. */
  readonly response?: z.ZodType
  /** `text/event-stream` answers. */
  readonly streams?: boolean
  handle(input: RouteInput<unknown, unknown, unknown>): Promise<JsonReply<unknown> | StreamReply>
}

/**
 * Defines an endpoint with typed input from its schemas.
 * @example
 * export const listRuns = defineRoute({
 *   method: 'GET', path: '/api/runs', tag: 'runs', summary: 'Runs, newest first',
 *   query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
 *   response: z.object({ runs: z.array(runSchema) }),
 *   handle: async ({ query, ctx }) => ({ body: { runs: ctx.host.store().listRuns(query) } }),
 * })
 */
export function defineRoute<
  P extends z.ZodType = z.ZodType<Record<string, never>>,
  Q extends z.ZodType = z.ZodType<Record<string, never>>,
  B extends z.ZodType = z.ZodType<undefined>,
  R extends z.ZodType = z.ZodType<unknown>,
>(route: {
  readonly method: ApiMethod
  readonly path: string
  readonly summary: string
  readonly tag: string
  readonly params?: P
  readonly query?: Q
  readonly body?: B
  readonly response?: R
  readonly streams?: boolean
  handle(input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>): Promise<JsonReply<z.input<R>> | StreamReply>
}): ApiRoute {
  return route as unknown as ApiRoute
}
