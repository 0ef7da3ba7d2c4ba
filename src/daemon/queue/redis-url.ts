// Kept apart from the Redis client, so telling a Redis URL from `sqlite` loads no Redis code.

/** The URL without its password, for messages and logs. */
export function maskedRedisUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password !== '') parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(not a URL)'
  }
}

/** Whether `spec` names a Redis server (`redis://…` or `rediss://…`). */
export function isRedisUrl(spec: string): boolean {
  return /^rediss?:\/\//i.test(spec)
}
