/** pino's level numbers and the labels a person reads. */
const levelLabels: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
}

/**
 * One log record (a pino JSON line) as one line for a person: time, level, message, the
 * correlation id when the record has one, and the message of an attached error.
 * @example consoleLine('{"level":30,"time":"2026-01-02T03:04:05.678Z","msg":"started","correlationId":"c1"}')
 * // '2026-01-02T03:04:05.678Z INFO  started [c1]\n'
 */
export function consoleLine(json: string): string {
  let record: Record<string, unknown>
  try {
    const parsed: unknown = JSON.parse(json)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return oneLine(json)
    record = parsed as Record<string, unknown>
  } catch {
    return oneLine(json)
  }
  const time = typeof record.time === 'string' ? record.time : new Date(Number(record.time)).toISOString()
  const level = (typeof record.level === 'number' ? levelLabels[record.level] : undefined) ?? String(record.level)
  const parts = [time, level.padEnd(5), String(record.msg ?? '')]
  if (typeof record.correlationId === 'string') parts.push(`[${record.correlationId}]`)
  const err = record.err
  if (typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string')
    parts.push(`— ${(err as { message: string }).message}`)
  return oneLine(parts.join(' '))
}

// A record is one line however many line breaks its message or error holds.
function oneLine(text: string): string {
  return `${text.trimEnd().replace(/\s*[\r\n]+\s*/g, ' ⏎ ')}\n`
}
