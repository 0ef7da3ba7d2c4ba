// A host process for tests: starts a script bounded, says `ready` once the script has, then exits
// (`exit`) or waits to be killed (`wait`). Run with `node --import scripts/register-ts.ts`.
import { containment, type Containment } from '../containment.js'
import { spawnBounded } from '../spawn-bounded.js'

const [kind, script, end] = process.argv.slice(2)
const how: Containment = kind === 'marker' ? { kind: 'marker' } : await containment()
const bounded = await spawnBounded('/bin/sh', [script ?? ''], { containment: how })
let output = ''
bounded.child.stdout.on('data', (chunk: Buffer) => {
  output += chunk.toString()
  if (!output.includes('ready')) return
  process.stdout.write('ready\n')
  if (end === 'exit') process.exit(0)
})
