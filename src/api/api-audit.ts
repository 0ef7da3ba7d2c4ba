import type { Store } from '../store/store.js'

/** One request that changed something through the API. */
export interface ApiAuditEntry {
  readonly at: number
  readonly actor: string
  readonly method: string
  readonly path: string
  readonly status: number
}

/** Records a request that changed something (or tried to), whatever its outcome. */
export function recordApiRequest(store: Store, entry: Omit<ApiAuditEntry, 'at'>, now = Date.now()): void {
  store.database
    .prepare('INSERT INTO api_audit (at, actor, method, path, status) VALUES (?, ?, ?, ?, ?)')
    .run(now, entry.actor, entry.method, entry.path, entry.status)
}

/** The latest audited requests, newest first. */
export function apiAudit(store: Store, limit = 100): ApiAuditEntry[] {
  return store.database
    .prepare('SELECT at, actor, method, path, status FROM api_audit ORDER BY id DESC LIMIT ?')
    .all(limit) as unknown as ApiAuditEntry[]
}
