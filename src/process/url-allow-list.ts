/**
 * True when `url` falls under one of the URL prefixes. A prefix matches URLs of the same scheme,
 * host and port whose path (and query) starts with the prefix's, at a path boundary unless the
 * prefix ends with `/` or has a query: `https://api.example/v1` matches `/v1`, `/v1/x` and
 * `/v1?q=1`, never `/v1beta`, and never `https://api.example.evil.test/`. Both sides are compared
 * after URL parsing, so `..` segments, default ports and letter case of the host are normalized.
 */
export function urlAllowed(url: URL, prefixes: readonly string[]): boolean {
  return prefixes.some((text) => {
    let prefix: URL
    try {
      prefix = new URL(text)
    } catch {
      return false
    }
    if (prefix.protocol !== url.protocol || prefix.hostname !== url.hostname || prefix.port !== url.port) return false
    const wanted = prefix.pathname + prefix.search
    const actual = url.pathname + url.search
    if (!actual.startsWith(wanted)) return false
    if (wanted.endsWith('/') || prefix.search !== '') return true
    const next = actual.charAt(wanted.length)
    return next === '' || next === '/' || next === '?'
  })
}
