import type { NetError } from '../../net/net-error.js'
import { cutShort, fillText, loadText } from '../../text/model-text.js'
import { ToolError } from '../../core/tool-error.js'

const texts = {
  invalidUrl: loadText(import.meta.url, 'texts/invalid-url.txt'),
  schemeRefused: loadText(import.meta.url, 'texts/scheme-refused.txt'),
  addressRefused: loadText(import.meta.url, 'texts/address-refused.txt'),
  dnsFailed: loadText(import.meta.url, 'texts/dns-failed.txt'),
  tooManyRedirects: loadText(import.meta.url, 'texts/too-many-redirects.txt'),
  redirectLoop: loadText(import.meta.url, 'texts/redirect-loop.txt'),
  timeoutHeaders: loadText(import.meta.url, 'texts/timeout-headers.txt'),
  timeoutTotal: loadText(import.meta.url, 'texts/timeout-total.txt'),
  fetchFailed: loadText(import.meta.url, 'texts/fetch-failed.txt'),
  cancelled: loadText(import.meta.url, 'texts/cancelled.txt'),
  afterRedirects: loadText(import.meta.url, 'texts/after-redirects.txt'),
}

/** How each address category is named in a refusal, from `texts/address-categories.txt` (`category: phrase` lines). */
const categoryPhrases = new Map(
  loadText(import.meta.url, 'texts/address-categories.txt')
    .split('\n')
    .map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()] as const),
)

/**
 * The model's error for a failed guarded GET. `requested` is the URL the model asked for; `url`
 * in the details is where the failure happened (a redirect target, perhaps).
 */
export function fetchToolError(error: NetError, requestedUrl: string): ToolError {
  const requested = cutShort(requestedUrl)
  const problem = describe(error, requested)
  const count = error.details.redirects ?? 0
  if (count === 0 || error.code === 'too_many_redirects' || error.code === 'redirect_loop') return problem
  const note = fillText(texts.afterRedirects, { count, start: requested })
  return new ToolError(problem.code, `${problem.message}\n${note}`, problem.details)
}

function describe(error: NetError, requested: string): ToolError {
  const { details } = error
  const url = details.url === undefined ? requested : cutShort(details.url)
  const limit = details.limit ?? 0
  const seconds = limit >= 10_000 ? Math.round(limit / 1000) : limit / 1000
  const record = { ...details, requested }
  switch (error.code) {
    case 'invalid_url':
      return new ToolError('web.invalid_url', fillText(texts.invalidUrl, { url }), record)
    case 'scheme_refused':
      return new ToolError(
        'web.scheme_refused',
        fillText(texts.schemeRefused, { url, scheme: details.scheme ?? '?' }),
        record,
      )
    case 'address_refused': {
      const refused = details.refused
      const via = refused?.embedded === undefined ? '' : ` (${refused.embedded.form} form of ${refused.embedded.ipv4})`
      const category = categoryPhrases.get(refused?.category ?? 'reserved') ?? 'a refused address'
      const text = fillText(texts.addressRefused, {
        url,
        host: cutShort(details.host ?? '?'),
        address: refused?.address ?? '?',
        via,
        category,
      })
      return new ToolError('web.address_refused', text, record)
    }
    case 'dns_failed':
      return new ToolError(
        'web.dns_failed',
        fillText(texts.dnsFailed, { host: cutShort(details.host ?? '?'), reason: details.systemCode ?? error.message }),
        record,
      )
    case 'too_many_redirects':
      return new ToolError(
        'web.too_many_redirects',
        fillText(texts.tooManyRedirects, { url: requested, limit: details.limit ?? 0, last: url }),
        record,
      )
    case 'redirect_loop':
      return new ToolError('web.redirect_loop', fillText(texts.redirectLoop, { url: requested, last: url }), record)
    case 'timeout':
      return new ToolError(
        'web.timeout',
        fillText(details.phase === 'headers' ? texts.timeoutHeaders : texts.timeoutTotal, { url, seconds }),
        record,
      )
    case 'aborted':
      return new ToolError('web.fetch_failed', fillText(texts.cancelled, { url }), record)
    case 'request_failed':
      return new ToolError(
        'web.fetch_failed',
        fillText(texts.fetchFailed, { url, reason: error.message.replace(/\.$/, '') }),
        record,
      )
  }
}
