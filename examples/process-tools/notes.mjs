// notes: a process tool in Node (20 or later) that keeps notes in the owner's memory.
// Round 1 asks the host for a memory operation ("db"); round 2 formats the host's response.
// The host writes one JSON request line on stdin: {"arguments":{...},"round":N,"response":...}
// and reads one JSON line from stdout. Logs go to stderr.
import { text } from 'node:stream/consumers'

const tool = process.argv[2] // "add" or "find", from the command in notes.yaml
const request = JSON.parse(await text(process.stdin))
const args = request.arguments

/** Prints the one line the host reads. */
function reply(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`)
}

if (request.round === 1) {
  // Every note carries the tag "note", so that find does not return other memories.
  if (tool === 'add') reply({ type: 'db', operation: 'write', text: args.text, tags: ['note', ...(args.tags ?? [])] })
  else reply({ type: 'db', operation: 'search', query: args.query, tags: ['note'], limit: args.limit })
} else if (tool === 'add') {
  // A write answers {memory: {id, text, tags, ...}}.
  const { memory } = request.response
  reply({ type: 'result', content: `Noted (${memory.id}).`, structured: { id: memory.id } })
} else {
  // A search answers {matches: [{id, text, tags, score, ...}]}, best first.
  const { matches } = request.response
  const lines = matches.map((note) => `- ${note.text}${tagsOf(note)}`)
  const content = lines.length === 0 ? `No note matches "${args.query}".` : lines.join('\n')
  reply({ type: 'result', content, structured: { ids: matches.map((note) => note.id) } })
}

function tagsOf(note) {
  const tags = note.tags.filter((tag) => tag !== 'note')
  return tags.length === 0 ? '' : ` [${tags.join(', ')}]`
}
