// A stand-in engine for math-runner tests: it speaks the engine protocol, and its "expressions"
// probe the process it runs in or misbehave on purpose.
import { writeFileSync } from 'node:fs'
import type { EngineMessage, EngineRequest } from '../math-protocol.js'

const send = (message: EngineMessage): void => {
  process.send?.(message)
}

function codeGeneration(): string {
  try {
    // eslint-disable-next-line no-new-func -- probes that the engine process refuses code generation
    new Function('return 1')
    return 'allowed'
  } catch {
    return 'refused'
  }
}

process.on('message', ({ expression }: EngineRequest) => {
  if (expression === 'hang') for (;;);
  // 'hang, marking FILE': creates FILE, so a test knows the evaluation runs, then never answers.
  if (expression.startsWith('hang, marking ')) {
    writeFileSync(expression.slice('hang, marking '.length), '')
    for (;;);
  }
  if (expression === 'exhaust memory') {
    const hoard: number[][] = []
    for (;;) hoard.push(Array.from({ length: 100_000 }, (_, i) => i))
  }
  if (expression === 'exit') process.exit(3)
  const result = JSON.stringify({
    env: Object.keys(process.env),
    codeGeneration: codeGeneration(),
    argv: process.argv.slice(2),
  })
  send({ type: 'reply', reply: { ok: true, result, type: 'probe' } })
})
process.on('disconnect', () => process.exit(0))
send({ type: 'ready' })
