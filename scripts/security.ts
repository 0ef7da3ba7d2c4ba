/**
 * `npm run security`: runs the attack corpus (`test/security/corpus/*.yaml`) against a real host,
 * workspace and store, and prints how many cases of each class hold. Exits 1 when any case fails.
 */
import { loadCorpus } from '../test/security/corpus-file.js'
import { runCorpusFile, type CaseOutcome } from '../test/security/run-corpus.js'

const outcomes: CaseOutcome[] = []
for (const file of loadCorpus()) outcomes.push(...(await runCorpusFile(file)))

const classes = [...new Set(outcomes.map((o) => o.class))].sort()
const width = Math.max(5, ...classes.map((c) => c.length))
console.log(`${'class'.padEnd(width)}  cases  hold  fail`)
for (const name of classes) {
  const of = outcomes.filter((o) => o.class === name)
  const failed = of.filter((o) => o.problems.length > 0).length
  console.log(
    `${name.padEnd(width)}  ${String(of.length).padStart(5)}  ${String(of.length - failed).padStart(4)}  ${String(failed).padStart(4)}`,
  )
}
const failures = outcomes.filter((o) => o.problems.length > 0)
for (const f of failures) console.log(`\nFAIL ${f.file} › ${f.name}\n  ${f.problems.join('\n  ')}`)
console.log(`\n${outcomes.length - failures.length} passed, ${failures.length} failed`)
process.exitCode = failures.length === 0 ? 0 : 1
