import { STATUS_CODES } from 'node:http'
import type { GuardedResponse } from '../../net/guarded-get.js'
import { fillText, loadText } from '../../text/model-text.js'
import type { ToolOutput } from '../../tool/define-tool.js'
import { ToolError } from '../../core/tool-error.js'
import type { PageFormat } from './page-content.js'
import { bodyKind, decodeBody, looksBinary, mediaType, renderPage } from './page-content.js'
import { formatBytes } from './fetch-summary.js'

const texts = {
  binary: loadText(import.meta.url, 'texts/binary-content.txt'),
  statusLine: loadText(import.meta.url, 'texts/status-line.txt'),
  redirected: loadText(import.meta.url, 'texts/redirected.txt'),
  bodyTruncated: loadText(import.meta.url, 'texts/body-truncated.txt'),
  charsTruncated: loadText(import.meta.url, 'texts/chars-truncated.txt'),
  emptyBody: loadText(import.meta.url, 'texts/empty-body.txt'),
}

/** What web.fetch records about a fetch besides the text. */
export interface FetchStructured extends Record<string, unknown> {
  readonly url: string
  readonly finalUrl: string
  readonly status: number
  /** The Content-Type header as sent (`''` when absent). */
  readonly contentType: string
  /** Body bytes read (after Content-Encoding). */
  readonly bytes: number
  /** True when the body was cut at the size limit. */
  readonly truncated: boolean
  readonly redirects: ReadonlyArray<{ readonly url: string; readonly status: number; readonly location: string }>
}

/** How the page text is shaped: the format asked for, the body limit to name, an optional character cap. */
export interface OutputOptions {
  readonly format: PageFormat
  readonly maxBytes: number
  readonly maxChars?: number
}

/**
 * Turns a fetched response into the model's text: a status line for non-2xx responses (their page
 * still follows), a note when redirected, the page rendered for `format`, and notes when cut.
 *
 * @throws ToolError `web.binary_content` for binary bodies, naming the type and size
 */
export async function fetchOutput(response: GuardedResponse, options: OutputOptions): Promise<ToolOutput> {
  const contentType = headerText(response.headers['content-type'])
  const structured: FetchStructured = {
    url: response.url,
    finalUrl: response.finalUrl,
    status: response.status,
    contentType,
    bytes: response.body.length,
    truncated: response.truncated,
    redirects: response.redirects,
  }
  let kind = bodyKind(contentType)
  if (kind === 'unknown') kind = looksBinary(response.body) ? 'binary' : 'text'
  if (kind === 'binary' || !response.bodyRead) throw binaryRefusal(response, contentType, structured)
  const page = await renderPage(decodeBody(response.body, contentType, kind), kind, options.format, response.finalUrl)
  const parts: string[] = []
  if (response.status < 200 || response.status > 299) parts.push(statusLine(response))
  if (response.redirects.length > 0) parts.push(fillText(texts.redirected, { finalUrl: response.finalUrl }))
  if (parts.length > 0) parts.push('')
  parts.push(page.trim() === '' ? texts.emptyBody : capChars(page, options.maxChars))
  if (response.truncated) parts.push('', fillText(texts.bodyTruncated, { limit: formatBytes(options.maxBytes) }))
  return { content: parts.join('\n'), structured }
}

function binaryRefusal(response: GuardedResponse, contentType: string, structured: FetchStructured): ToolError {
  const declared = Number(headerText(response.headers['content-length']))
  const size = response.bodyRead
    ? `${formatBytes(response.body.length)}${response.truncated ? ' or more' : ''}`
    : Number.isSafeInteger(declared) && headerText(response.headers['content-length']) !== ''
      ? formatBytes(declared)
      : 'size not given'
  const type = mediaType(contentType) || 'untyped binary data'
  return new ToolError('web.binary_content', fillText(texts.binary, { url: response.finalUrl, type, size }), structured)
}

function statusLine(response: GuardedResponse): string {
  const reason = (response.statusText || STATUS_CODES[response.status] || '').trim()
  return fillText(texts.statusLine, { status: response.status, statusText: reason === '' ? '' : ` ${reason}` })
}

function capChars(text: string, maxChars: number | undefined): string {
  if (maxChars === undefined || text.length <= maxChars) return text
  return `${text.slice(0, maxChars)}\n\n${fillText(texts.charsTruncated, { shown: maxChars, total: text.length })}`
}

function headerText(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? ''
}
