/**
 * The program the host's node runs (`node -e`) as a JavaScript REPL in the sandbox. It reads
 * requests, one JSON line `{ code, mark }` each, from stdin and evaluates them in order with
 * node's own REPL evaluator in the process's global scope (so `let`, `const`, functions and
 * `require`s persist, and top-level `await` works). The code's output goes to stdout and stderr as
 * it comes; after it the server writes a line break, the request's mark, a space and
 * `{ value?, error? }` as one JSON line (see `repl-reader.ts`). Passed as an argument rather than
 * a file, so that it needs no file the sandbox can see.
 */
export const javascriptServer = String.raw`'use strict'
// A function scope: the server's own names stay out of the global scope the code runs in.
;(() => {
const repl = require('node:repl')
const util = require('node:util')
const fs = require('node:fs')
const { PassThrough, Writable } = require('node:stream')
const maxText = 1 << 20
const server = repl.start({
  input: new PassThrough(),
  output: new Writable({ write: (_chunk, _encoding, done) => done() }),
  prompt: '',
  terminal: false,
  useGlobal: true,
})
const internalFrame = /^\s+at .*(\[eval\]|node:vm|node:repl|node:domain|node:events|node:internal\/|REPLServer)/
const cap = (text) => (text.length > maxText ? text.slice(0, maxText) + '\n… (cut)' : text)
function describe(error) {
  if (error !== null && typeof error === 'object' && error.constructor && error.constructor.name === 'Recoverable' && error.err)
    error = error.err
  // The properties node's domains add to what they catch say nothing about the code.
  if (error !== null && typeof error === 'object')
    for (const key of ['domain', 'domainThrown', 'domainEmitter', 'domainBound'])
      try {
        delete error[key]
      } catch {}
  const text = error instanceof Error ? util.inspect(error) : 'Uncaught ' + util.inspect(error)
  return cap(text.split('\n').filter((line) => !internalFrame.test(line)).join('\n'))
}
function writeAll(text) {
  const bytes = Buffer.from(text)
  let done = 0
  while (done < bytes.length) done += fs.writeSync(1, bytes, done)
}
let current
const queue = []
function finish(call, result) {
  if (call.done) return
  call.done = true
  if (current === call) current = undefined
  writeAll('\n' + call.mark + ' ' + JSON.stringify(result) + '\n')
  setImmediate(next)
}
let ended = false
function next() {
  if (current !== undefined) return
  if (queue.length === 0) {
    if (ended) process.exit(0)
    return
  }
  const request = JSON.parse(queue.shift())
  const call = { mark: request.mark, done: false }
  current = call
  try {
    server.eval(request.code, server.context, 'repl', (error, value) => {
      if (error) finish(call, { error: describe(error) })
      else if (value === undefined) finish(call, {})
      else {
        let shown
        try {
          shown = { value: cap(util.inspect(value)) }
        } catch (inspectError) {
          shown = { error: describe(inspectError) }
        }
        finish(call, shown)
      }
    })
  } catch (error) {
    finish(call, { error: describe(error) })
  }
}
// Errors the code throws reach the REPL's domain: they end the call that runs, or are shown as they come.
const uncaught = (error) => {
  if (current !== undefined) finish(current, { error: describe(error) })
  else writeAll('Uncaught ' + describe(error).replace(/^Uncaught /, '') + '\n')
}
if (server._domain) {
  server._domain.removeAllListeners('error')
  server._domain.on('error', uncaught)
}
process.on('uncaughtException', uncaught)
process.on('unhandledRejection', (reason) => writeAll('Uncaught (in promise) ' + describe(reason).replace(/^Uncaught /, '') + '\n'))
let pending = ''
process.stdin.setEncoding('utf8')
process.stdin.on('data', (text) => {
  pending += text
  let end
  while ((end = pending.indexOf('\n')) >= 0) {
    queue.push(pending.slice(0, end))
    pending = pending.slice(end + 1)
  }
  next()
})
process.stdin.on('end', () => {
  ended = true
  next()
})
})()
`
