import { fileURLToPath } from 'node:url'
import type { HttpMounts } from '../daemon/serve/daemon-http.js'
import { ConsoleSessions } from './access/console-sessions.js'
import { apiMount, login } from './api-router.js'
import { consoleStatic } from './console-static.js'
import { apiRoutes } from './routes/index.js'

/** Where the build puts the console (`dist/console/`, beside `dist/api/`). */
export const consoleDir = fileURLToPath(new URL('../console/', import.meta.url)).replace(/[\\/]$/, '')

/**
 * The HTTP API and the web console, for `toolhost serve` to mount.
 * @example await startServe({ ...options, mounts: consoleMounts() })
 */
export function consoleMounts(options: { readonly dir?: string } = {}): HttpMounts {
  return (daemon, access) => {
    const sessions = new ConsoleSessions()
    const ctx = { host: daemon.host, store: daemon.store, daemon }
    return [
      apiMount(ctx, access, sessions, apiRoutes),
      consoleStatic(options.dir ?? consoleDir, (res, url) => {
        // `/?token=…` is the login URL too; a wrong token falls through to the page, which says to log in.
        if (url.searchParams.get('token') === null) return false
        login('GET', res, url, access.token, sessions)
        return true
      }),
    ]
  }
}
