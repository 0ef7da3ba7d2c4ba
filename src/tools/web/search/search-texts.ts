import { loadText, loadTexts } from '../../../text/model-text.js'

/** The texts of `web.search`, from `texts/*.txt` (placeholders `{name}`). */
export const webSearchTexts = loadTexts(import.meta.url, [
  // For the person: why the tool is not offered.
  'notConfigured',
  'searxngUrlMissing',
  'keyMissing',
  // Results.
  'resultsHeader',
  'noResults',
  'namedOutside',
  'namedBlocked',
  'dropped',
  'fetchHint',
  'capReached',
  'descriptionFetch',
  // Errors.
  'domainsBlocked',
  'allDomains',
  'timeout',
  'cancelled',
  'unreachable',
  'redirected',
  'tooLarge',
  'notJson',
  'badShape',
  'rateLimited',
  'rateLimitedUnknown',
  'usageLimit',
  'keyRefused',
  'searxngForbidden',
  'loginRefused',
  'queryRefused',
  'serviceFailed',
])

/** The tool's description; `descriptionFetch` follows it when `web.fetch` is offered. */
export const webSearchDescription = loadText(import.meta.url, 'web-search.description.md')
