// A stand-in for shell-engine.ts in runner tests: the request's command says how it behaves.
import { writeFileSync } from 'node:fs'

type Command = { type: 'run'; request: { command: string } } | { type: 'abort' }

const reply = (stdout: string) =>
  process.send?.({ type: 'reply', reply: { ok: true, exitCode: 0, stdout, stderr: '' } })
let stopping = false

process.on('message', (message: Command) => {
  if (message.type === 'abort') {
    if (stopping) reply('stopped early')
    return
  }
  const command = message.request.command
  if (command === 'pid') reply(String(process.pid))
  else if (command === 'exit') process.exit(3)
  // How a process ends when V8 aborts it (SIGABRT, code 134 through a shell), without a core dump.
  else if (command === 'abort') process.exit(134)
  else if (command === 'stops') stopping = true
  // 'hang, marking FILE': creates FILE, so a test knows the command runs, then never answers.
  else if (command.startsWith('hang, marking ')) writeFileSync(command.slice('hang, marking '.length), '')
  // 'hang': never answers.
})
process.on('disconnect', () => process.exit(0))
process.send?.({ type: 'ready' })
