import type { ErrorCodeTable } from './error-code-info.js'

/** Codes of `web.fetch` and of process tools (tools run as a separate program, one JSON line per round). */
export const webAndProcessErrorCodes = {
  'web.invalid_url': {
    kind: 'recoverable',
    meaning: 'The URL cannot be parsed.',
    texts: ['tools/web/texts/invalid-url.txt'],
  },
  'web.scheme_refused': {
    kind: 'recoverable',
    meaning: 'The URL is not http or https.',
    texts: ['tools/web/texts/scheme-refused.txt'],
  },
  'web.address_refused': {
    kind: 'recoverable',
    meaning: 'The host leads to a loopback, private, link-local, metadata or otherwise reserved address.',
    texts: ['tools/web/texts/address-refused.txt', 'tools/web/texts/address-categories.txt'],
  },
  'web.dns_failed': {
    kind: 'recoverable',
    meaning: 'The host name cannot be resolved.',
    texts: ['tools/web/texts/dns-failed.txt'],
  },
  'web.too_many_redirects': {
    kind: 'recoverable',
    meaning: 'The page redirects more times than the limit.',
    texts: ['tools/web/texts/too-many-redirects.txt'],
  },
  'web.redirect_loop': {
    kind: 'recoverable',
    meaning: 'The redirects lead back to a URL already visited.',
    texts: ['tools/web/texts/redirect-loop.txt'],
  },
  'web.timeout': {
    kind: 'recoverable',
    meaning: 'No headers, or not the whole body, arrived within the time limit.',
    texts: ['tools/web/texts/timeout-headers.txt', 'tools/web/texts/timeout-total.txt'],
  },
  'web.fetch_failed': {
    kind: 'recoverable',
    meaning: 'The request failed on the network (refused, reset) or was cancelled.',
    texts: ['tools/web/texts/fetch-failed.txt', 'tools/web/texts/cancelled.txt'],
  },
  'web.binary_content': {
    kind: 'recoverable',
    meaning: 'The response is not text (an image, an archive …); nothing of it was read.',
    texts: ['tools/web/texts/binary-content.txt'],
  },
  'process.tool_error': {
    kind: 'recoverable',
    meaning: 'The program of a process tool answered with an error of its own; its message goes to the model.',
  },
  'process.spawn_failed': {
    kind: 'recoverable',
    meaning: 'The program of a process tool could not be started.',
    texts: ['process/texts/spawn-failed.txt'],
  },
  'process.crashed': {
    kind: 'recoverable',
    meaning: 'The program exited without an answer; the model sees a short tail of its stderr.',
    texts: ['process/texts/crashed.txt', 'process/texts/stderr-tail.txt'],
  },
  'process.bad_output': {
    kind: 'recoverable',
    meaning: 'The program exited cleanly but its output is not one valid JSON answer.',
    texts: ['process/texts/bad-output.txt'],
  },
  'process.output_too_large': {
    kind: 'recoverable',
    meaning: 'The program wrote more to stdout than a round may.',
    texts: ['process/texts/output-too-large.txt'],
  },
  'process.timeout': {
    kind: 'recoverable',
    meaning: "A round, or the whole call, ran past the tool's time limit.",
    texts: ['process/texts/timeout-round.txt', 'process/texts/timeout-total.txt'],
  },
  'process.cancelled': {
    kind: 'recoverable',
    meaning: 'The program was stopped because the run was cancelled.',
    texts: ['process/texts/cancelled.txt'],
  },
  'process.too_many_rounds': {
    kind: 'recoverable',
    meaning: 'The program asked for more host operations than a call allows without giving a result.',
    texts: ['process/texts/too-many-rounds.txt'],
  },
  'process.http_denied': {
    kind: 'recoverable',
    meaning: 'An HTTP request of the program needed approval and was not approved.',
    texts: ['process/texts/http-denied.txt'],
  },
  'process.http_refused': {
    kind: 'recoverable',
    meaning: 'An HTTP request of the program was refused by the address checks (scheme, URL, reserved address).',
    texts: ['process/texts/http-refused.txt'],
  },
  'process.http_failed': {
    kind: 'recoverable',
    meaning: 'An HTTP request of the program failed (timeout, DNS, network).',
    texts: ['process/texts/http-failed.txt'],
  },
  'process.db_failed': {
    kind: 'recoverable',
    meaning: 'A memory operation the program asked for failed (an invalid value, no such memory).',
    texts: ['process/texts/db-failed.txt'],
  },
  'process.db_denied': {
    kind: 'recoverable',
    meaning: 'A memory operation of a high-risk program needed approval and was not approved.',
    texts: ['process/texts/db-denied.txt'],
  },
  'process.invalid_spec': {
    kind: 'diagnostic',
    meaning: 'A process tool spec file cannot be read or does not fit the spec schema; its tools are left out.',
  },
  'process.duplicate_tool': {
    kind: 'diagnostic',
    meaning: 'Two process tool specs define the same tool id; the later one is left out.',
  },
  'process.unreadable_directory': {
    kind: 'diagnostic',
    meaning: 'A process tool directory exists but cannot be read.',
  },
  'process.untrusted_spec': {
    kind: 'diagnostic',
    meaning:
      'A process tool spec is new or changed since it was last trusted; its tools are not offered until a person trusts it.',
  },
} as const satisfies ErrorCodeTable
