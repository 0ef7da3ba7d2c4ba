import { describe, expect, it } from 'vitest'
import { loadCorpus } from './corpus-file.js'
import { runCorpusFile, type CaseOutcome } from './run-corpus.js'

// Each file runs its cases against one real host; the cases are reported one by one.
describe.each(loadCorpus().map((file) => [file.file, file] as const))('security corpus: %s', (_name, file) => {
  let outcomes: Promise<CaseOutcome[]> | undefined
  const outcomeOf = async (name: string) => (await (outcomes ??= runCorpusFile(file))).find((o) => o.name === name)
  it.each(file.cases.map((c) => c.name))(
    '%s',
    async (name) => {
      expect((await outcomeOf(name))?.problems).toEqual([])
    },
    120_000,
  )
})
