/** Hostnames that name this machine only. */
const loopbackNames = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])

/** True when a bind address or hostname is loopback. */
export function isLoopback(hostname: string): boolean {
  return loopbackNames.has(hostname.toLowerCase())
}

/** The `Host` header values a loopback server on this port answers to. */
export function loopbackHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]
}

/**
 * Why a request's `Host` and `Origin` headers are refused, or `undefined` when they are fine.
 * Checked on every request: a DNS-rebinding page reaches a loopback server with a foreign Host.
 */
export function refuseHeaders(
  host: string | undefined,
  origin: string | undefined,
  allowedHosts: readonly string[],
): string | undefined {
  if (host === undefined || !allowedHosts.includes(host.toLowerCase()))
    return `Invalid Host header: ${host ?? '(none)'}`
  if (origin === undefined) return undefined
  let originHost: string
  try {
    const url = new URL(origin)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `Invalid Origin header: ${origin}`
    originHost = url.host
  } catch {
    return `Invalid Origin header: ${origin}`
  }
  return allowedHosts.includes(originHost.toLowerCase()) ? undefined : `Invalid Origin header: ${origin}`
}
