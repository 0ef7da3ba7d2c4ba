/** Connection-level error codes (Node and undici) that a later try may not see. */
const networkCodes = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
])

/** True when `error` or one of its causes is a connection-level failure. */
export function isNetworkError(error: unknown): boolean {
  return (
    networkCode(error) !== undefined ||
    causes(error).some((entry) => entry instanceof TypeError && entry.message === 'fetch failed')
  )
}

/** The first connection error code (`ECONNREFUSED`…) in `error`'s cause chain. */
export function networkCode(error: unknown): string | undefined {
  for (const entry of causes(error)) {
    if (typeof entry === 'object' && entry !== null && 'code' in entry && typeof entry.code === 'string') {
      if (networkCodes.has(entry.code)) return entry.code
    }
  }
  return undefined
}

/** `error` followed by its `cause` chain (and the errors of an AggregateError), bounded. */
export function causes(error: unknown): unknown[] {
  const seen: unknown[] = []
  const queue: unknown[] = [error]
  while (queue.length > 0 && seen.length < 16) {
    const next = queue.shift()
    if (next === undefined || next === null || seen.includes(next)) continue
    seen.push(next)
    if (next instanceof AggregateError) queue.push(...(next.errors as unknown[]))
    if (typeof next === 'object' && 'cause' in next) queue.push(next.cause)
  }
  return seen
}

/**
 * True for a connection refused by a server on this machine (127.0.0.0/8, ::1, localhost): nothing
 * listens there, and waiting will not start it, so such a failure is not retried.
 */
export function isLoopbackRefusal(error: unknown): boolean {
  if (networkCode(error) !== 'ECONNREFUSED') return false
  for (const entry of causes(error)) {
    if (typeof entry !== 'object' || entry === null) continue
    if ('address' in entry && typeof entry.address === 'string') return isLoopbackHost(entry.address)
    if ('url' in entry && typeof entry.url === 'string') return isLoopbackHost(hostOf(entry.url))
  }
  return false
}

/** True for `localhost` (and `*.localhost`), 127.0.0.0/8 and ::1, also IPv4-mapped or in brackets. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/^::ffff:/, '')
  return (
    bare === 'localhost' ||
    bare.endsWith('.localhost') ||
    bare === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare)
  )
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname
  } catch {
    return ''
  }
}
