import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { evaluatePermission } from '../../src/permissions/rules/evaluate-permission.js'
import { command, SEED } from './shell-grammar.js'

const RUNS = 3_000

/**
 * Property tests of the shell permission matcher over generated commands (`shell-grammar.ts`): no
 * command that runs a denied command or holds an unanalysable construct is ever allowed; commands
 * made only of allowed commands and analysable constructs are allowed (so the matcher does not pass
 * the first property by asking about everything). A failure prints the command.
 */

const shell = 'builtin:workspace.shell'
const rules = {
  mode: 'default' as const,
  allow: [
    'ls *',
    'cat *',
    'echo *',
    'true',
    'printf *',
    'declare *',
    'let *',
    'read *',
    'test *',
    'mapfile *',
    'unset *',
  ].map((specifier) => `${shell}(${specifier})`),
  ask: [],
  deny: [`${shell}(rm *)`],
}

function decide(text: string): string {
  return evaluatePermission(rules, { toolId: shell, readOnly: false, subject: { kind: 'command', command: text } })
    .behavior
}

describe('the shell matcher on generated commands', () => {
  it('never allows a command that runs a denied command or holds an unanalysable construct', () => {
    fc.assert(
      fc.property(command, (generated) => {
        fc.pre(generated.denied || generated.unanalysable)
        expect(decide(generated.text), generated.text).not.toBe('allow')
      }),
      { seed: SEED, numRuns: RUNS },
    )
  })

  it('denies a command that visibly runs a denied command', () => {
    fc.assert(
      fc.property(command, (generated) => {
        fc.pre(generated.denied && !generated.unanalysable)
        expect(decide(generated.text), generated.text).toBe('deny')
      }),
      { seed: SEED, numRuns: RUNS },
    )
  })

  it('allows a command made only of allowed commands and analysable constructs', () => {
    fc.assert(
      fc.property(command, (generated) => {
        fc.pre(!generated.denied && !generated.unanalysable && generated.runs)
        expect(decide(generated.text), generated.text).toBe('allow')
      }),
      { seed: SEED, numRuns: RUNS },
    )
  })
})
