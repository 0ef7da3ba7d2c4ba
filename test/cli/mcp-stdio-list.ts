import type { ChildProcess } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'

/** A tool as `tools/list` answers it (the fields the callers read). */
export interface ListedTool {
  readonly name: string
}

/**
 * Speaks just enough MCP over a server process's stdio to list its tools: `initialize`, then
 * `notifications/initialized` and `tools/list`. Resolves with the listed tools; rejects when the
 * server answers with an error or exits first.
 */
export function listToolsOverStdio(
  child: Pick<ChildProcess, 'once' | 'off'> & { readonly stdin: Writable; readonly stdout: Readable },
): Promise<ListedTool[]> {
  return new Promise((resolve, reject) => {
    let buffered = ''
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`)
    const onExit = (code: number | null) =>
      reject(new Error(`the MCP server exited (${code}) before listing its tools`))
    child.once('exit', onExit)
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end).trim()
        buffered = buffered.slice(end + 1)
        if (line === '') continue
        const message = JSON.parse(line) as { id?: number; result?: { tools?: ListedTool[] }; error?: unknown }
        if (message.error !== undefined) {
          child.off('exit', onExit)
          reject(new Error(`the MCP server answered ${JSON.stringify(message.error)}`))
        } else if (message.id === 1) {
          send({ jsonrpc: '2.0', method: 'notifications/initialized' })
          send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })
        } else if (message.id === 2) {
          child.off('exit', onExit)
          resolve(message.result?.tools ?? [])
        }
      }
    })
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'list-tools', version: '1.0.0' } },
    })
  })
}
