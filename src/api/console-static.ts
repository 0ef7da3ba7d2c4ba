import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import type { ServerResponse } from 'node:http'
import type { HttpMount } from '../daemon/serve/daemon-http.js'

const types: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
}

// Only the console's own files run on its pages: no inline scripts, no other origins.
const securityHeaders = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

/**
 * The web console's built files (`dist/console/`, bundled at build time: no CDN at run time):
 * `/assets/…` as they are, any other page path the app itself (`index.html`), which routes in the
 * browser. `/?token=…` logs in first.
 */
export function consoleStatic(dir: string, login: (res: ServerResponse, url: URL) => boolean): HttpMount {
  return {
    matches: (path) => !path.startsWith('/api/') && !path.startsWith('/channels/') && path !== '/mcp',
    async handle(req, res, path) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'The console only reads files.')
      const url = new URL(req.url ?? '/', 'http://localhost')
      if (url.searchParams.has('token') && login(res, url)) return
      const file = path.startsWith('/assets/') ? inside(dir, path) : join(dir, 'index.html')
      if (file === undefined) return plain(res, 404, 'No such file.')
      const info = await stat(file).catch(() => undefined)
      if (info?.isFile() !== true)
        return path.startsWith('/assets/')
          ? plain(res, 404, 'No such file.')
          : plain(res, 503, 'The console is not built: run "npm run build" in the toolhost package.')
      const body = await readFile(file)
      res.writeHead(200, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        // Built file names carry their content hash; the page itself is always asked again.
        'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...securityHeaders,
      })
      res.end(req.method === 'HEAD' ? undefined : body)
    },
  }
}

/** A file under `dir` named by a URL path, or `undefined` for a path that leaves it. */
function inside(dir: string, path: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return undefined
  }
  if (decoded.includes('\0')) return undefined
  const file = normalize(join(dir, decoded))
  return file.startsWith(dir + sep) ? file : undefined
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders })
  res.end(text)
}
