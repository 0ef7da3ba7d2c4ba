import { z } from 'zod'
import type { GuardedResponse } from '../../net/guarded-get.js'
import { normalizeHost } from '../../net/host-allowance.js'
import { allowedSchemes } from '../../net/host-check.js'
import { NetError } from '../../net/net-error.js'
import type { HostResolver } from '../../net/resolve-host.js'
import { loadText } from '../../text/model-text.js'
import { defineTool } from '../../tool/define-tool.js'
import { fetchToolError } from './fetch-errors.js'
import { summarizeFetch } from './fetch-summary.js'
import { webNetworkSettings } from '../../net/network-settings.js'
import { bodyKind } from './page-content.js'

const inputSchema = z.object({
  url: z.string().describe('The absolute http:// or https:// URL to fetch.'),
  format: z
    .enum(['markdown', 'text', 'html'])
    .optional()
    .describe(
      'How to return HTML pages: markdown (default), plain text, or the raw html. Other content types come as they are.',
    ),
  max_chars: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Cut the returned text after this many characters. Omit to get the whole page.'),
})

/** What tests and embedders may change about web.fetch; production uses the defaults. */
export interface WebFetchToolOptions {
  /** Name resolution; the system resolver when omitted. */
  readonly resolve?: HostResolver
  /** Most body bytes read (default 5 MiB). */
  readonly maxBytes?: number
  /** Longest a fetch may take, redirects and body included (default 30 s). */
  readonly timeoutMs?: number
  /** Longest wait for response headers (default 15 s). */
  readonly headersTimeoutMs?: number
}

const requestHeaders = {
  'user-agent': 'toolhost-web-fetch/0.1',
  accept:
    'text/markdown;q=1.0, text/html;q=0.9, application/xhtml+xml;q=0.9, application/json;q=0.8, text/*;q=0.7, */*;q=0.5',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en;q=1.0, *;q=0.5',
}

/**
 * Creates the `web.fetch` tool with its limits and resolver. {@link webFetchTool} is the one the
 * host offers; tests build their own with a scripted resolver or small limits.
 */
export function createWebFetchTool(options: WebFetchToolOptions = {}) {
  return defineTool({
    name: 'web.fetch',
    description: loadText(import.meta.url, 'fetch.description.md'),
    inputSchema,
    annotations: { readOnly: true, openWorld: true },
    // 30 s for the fetch itself, the rest for converting a large page.
    timeoutMs: 45_000,
    resources: () => [],
    permissionSubject: ({ url }) => {
      const host = requestHost(url)
      return host === undefined ? undefined : { kind: 'domain', host }
    },
    call: async ({ url, format = 'markdown', max_chars }, ctx) => {
      // The HTTP client (node:http, node:https, zlib, dns) and the page rendering load with the
      // first fetch: listing or serving the tool never needs them.
      const [{ guardedGet, guardedGetDefaults }, { fetchOutput }] = await Promise.all([
        import('../../net/guarded-get.js'),
        import('./fetch-output.js'),
      ])
      const maxBytes = options.maxBytes ?? guardedGetDefaults.maxBytes
      let response: GuardedResponse
      try {
        response = await guardedGet(url, {
          allowPrivateHosts: webNetworkSettings(ctx.profile).allowPrivateHosts,
          signal: ctx.signal,
          headers: requestHeaders,
          maxBytes,
          ...(options.resolve !== undefined && { resolve: options.resolve }),
          ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
          ...(options.headersTimeoutMs !== undefined && { headersTimeoutMs: options.headersTimeoutMs }),
          // Binary types are refused from their headers, so a video is never downloaded.
          wantsBody: (_status, headers) => bodyKind(headers['content-type']) !== 'binary',
        })
      } catch (error) {
        if (error instanceof NetError) throw fetchToolError(error, url)
        throw error
      }
      return fetchOutput(response, { format, maxBytes, ...(max_chars !== undefined && { maxChars: max_chars }) })
    },
    renderToolUseMessage: ({ url }) => `Fetch ${url}`,
    renderToolResultMessage: (output) => summarizeFetch(output.structured),
  })
}

/**
 * `web.fetch`: GETs an http(s) URL and returns the page as Markdown (or text, or raw HTML), JSON
 * pretty-printed, other text as it is; binary content is `web.binary_content`. Only public
 * addresses are reached unless the profile's `network.allowPrivateHosts` allows a host; every
 * redirect is checked again and connections go to the checked addresses only. Non-2xx responses
 * are results with the status first. Structured output is a `FetchStructured`.
 */
export const webFetchTool = createWebFetchTool()

/** The lower-cased host of an http(s) URL without a trailing dot, for `domain:` permission rules. */
function requestHost(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    if (!allowedSchemes.includes(parsed.protocol) || parsed.hostname === '') return undefined
    // `example.com.` must meet the same rules as `example.com`; IPv6 hosts keep their brackets.
    return parsed.hostname.startsWith('[') ? parsed.hostname : normalizeHost(parsed.hostname)
  } catch {
    return undefined
  }
}
