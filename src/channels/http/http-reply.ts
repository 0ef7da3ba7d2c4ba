import type { ServerResponse } from 'node:http'

/** Answers with a JSON body. */
export function replyJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = JSON.stringify(body)
  response
    .writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-store',
      ...headers,
    })
    .end(text)
}

/** Answers with `{ "error": message }`; `message` says what is wrong and how to fix it. */
export function replyError(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  replyJson(response, status, { error: message }, headers)
}
