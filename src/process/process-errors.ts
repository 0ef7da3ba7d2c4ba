import type { NetError } from '../net/net-error.js'
import { formatBytes } from '../text/quantities.js'
import { fillText, loadText } from '../text/model-text.js'
import type { RecoverableErrorCode } from '../core/error-codes.js'
import { ToolError } from '../core/tool-error.js'
import { processLimits } from './process-spec.js'

/** Model-facing texts of process tools (`texts/*.txt`). */
export const processTexts = {
  badOutput: loadText(import.meta.url, 'texts/bad-output.txt'),
  outputTooLarge: loadText(import.meta.url, 'texts/output-too-large.txt'),
  timeoutRound: loadText(import.meta.url, 'texts/timeout-round.txt'),
  timeoutTotal: loadText(import.meta.url, 'texts/timeout-total.txt'),
  cancelled: loadText(import.meta.url, 'texts/cancelled.txt'),
  crashed: loadText(import.meta.url, 'texts/crashed.txt'),
  stderrTail: loadText(import.meta.url, 'texts/stderr-tail.txt'),
  spawnFailed: loadText(import.meta.url, 'texts/spawn-failed.txt'),
  tooManyRounds: loadText(import.meta.url, 'texts/too-many-rounds.txt'),
  httpDenied: loadText(import.meta.url, 'texts/http-denied.txt'),
  httpRefused: loadText(import.meta.url, 'texts/http-refused.txt'),
  httpFailed: loadText(import.meta.url, 'texts/http-failed.txt'),
  dbFailed: loadText(import.meta.url, 'texts/db-failed.txt'),
  dbDenied: loadText(import.meta.url, 'texts/db-denied.txt'),
  approveDbHighRisk: loadText(import.meta.url, 'texts/approve-db-high-risk.txt'),
  highRisk: loadText(import.meta.url, 'texts/high-risk.txt'),
  approveOutsideAllowList: loadText(import.meta.url, 'texts/approve-outside-allow-list.txt'),
  approveHighRisk: loadText(import.meta.url, 'texts/approve-high-risk.txt'),
}

/** What the record of a failed round keeps (never shown to the model beyond a short stderr tail). */
export interface RoundRecord {
  readonly round: number
  readonly stderr?: string
  readonly stderrTruncated?: boolean
  readonly durationMs?: number
  readonly [key: string]: unknown
}

/** A recoverable error of a process tool, with the round's record in its details. */
export function processError(
  code: RecoverableErrorCode,
  template: string,
  values: Readonly<Record<string, string | number>>,
  record: RoundRecord,
): ToolError {
  return new ToolError(code, fillText(template, values), { ...record })
}

/** `process.crashed`: the process exited without a JSON line; the model sees a short stderr tail. */
export function crashedError(how: string, record: RoundRecord): ToolError {
  const message = fillText(processTexts.crashed, { round: record.round, how })
  const tail = stderrTail(record.stderr ?? '')
  return new ToolError('process.crashed', tail === '' ? message : `${message}\n${processTexts.stderrTail}\n${tail}`, {
    ...record,
  })
}

/** `process.output_too_large`. */
export function outputTooLargeError(record: RoundRecord): ToolError {
  return processError(
    'process.output_too_large',
    processTexts.outputTooLarge,
    { limit: formatBytes(processLimits.maxStdoutBytes), round: record.round },
    record,
  )
}

/**
 * The error for an HTTP request the guarded client did not complete: refusals of the address
 * checks are `process.http_refused`, network failures `process.http_failed`.
 */
export function httpError(error: NetError, method: string, url: string, record: RoundRecord): ToolError {
  const { details } = error
  const values = { method, url }
  const full = { ...record, net: { code: error.code, ...details } }
  switch (error.code) {
    case 'address_refused': {
      const refused = details.refused
      const reason = `${details.host ?? 'the host'} leads to ${refused?.address ?? 'an address'}, a ${refused?.category ?? 'refused'} address tools may not reach`
      return new ToolError('process.http_refused', fillText(processTexts.httpRefused, { ...values, reason }), full)
    }
    case 'scheme_refused':
    case 'invalid_url':
      return new ToolError(
        'process.http_refused',
        fillText(processTexts.httpRefused, { ...values, reason: error.message }),
        full,
      )
    case 'timeout': {
      const seconds = Math.round((details.limit ?? 0) / 1000)
      return new ToolError(
        'process.http_failed',
        fillText(processTexts.httpFailed, { ...values, reason: `no response within ${seconds} s` }),
        full,
      )
    }
    case 'dns_failed':
      return new ToolError(
        'process.http_failed',
        fillText(processTexts.httpFailed, { ...values, reason: `could not resolve ${details.host ?? 'the host'}` }),
        full,
      )
    default:
      return new ToolError(
        'process.http_failed',
        fillText(processTexts.httpFailed, { ...values, reason: error.message.replace(/\.$/, '') }),
        full,
      )
  }
}

/** The last few lines of stderr, within {@link processLimits.stderrTailChars}. */
export function stderrTail(stderr: string): string {
  const trimmed = stderr.replace(/\s+$/, '')
  if (trimmed.length <= processLimits.stderrTailChars) return trimmed
  const tail = trimmed.slice(-processLimits.stderrTailChars)
  const lineStart = tail.indexOf('\n')
  return `…${lineStart >= 0 && lineStart < tail.length - 1 ? tail.slice(lineStart + 1) : tail}`
}
