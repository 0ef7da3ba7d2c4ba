import { mediaType } from './page-content.js'

/** The summary people see for a web.fetch result, e.g. `200 text/html, 12.3 kB`. */
export function summarizeFetch(structured: Record<string, unknown> | undefined): string {
  if (structured === undefined || typeof structured.status !== 'number') return 'Fetched'
  const type = typeof structured.contentType === 'string' ? mediaType(structured.contentType) || 'no type' : 'no type'
  const size = typeof structured.bytes === 'number' ? `, ${formatBytes(structured.bytes)}` : ''
  const cut = structured.truncated === true ? ', cut' : ''
  const hops =
    Array.isArray(structured.redirects) && structured.redirects.length > 0
      ? `, ${structured.redirects.length} redirect(s)`
      : ''
  return `${structured.status} ${type}${size}${cut}${hops}`
}

/** A byte count for people: bytes, KiB or MiB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`
}
