import { z } from 'zod'
import { apiAudit } from '../api-audit.js'
import { defineRoute } from '../route.js'

const auditEntry = z.object({
  at: z.number().describe('When, in ms since the epoch'),
  actor: z.string().describe('"token", or the browser session that made it'),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
})

/** `GET /api/audit`: the latest requests that changed something, newest first. */
export const auditRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/audit',
    tag: 'audit',
    summary: 'Requests that changed something through the API, newest first',
    query: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) }),
    response: z.object({ requests: z.array(auditEntry) }),
    handle: async ({ query, ctx }) => ({ body: { requests: apiAudit(ctx.store, query.limit) } }),
  }),
]
