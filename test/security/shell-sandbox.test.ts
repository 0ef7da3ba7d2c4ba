import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import type { ApprovalDecision, ApprovalRequest } from '../../src/permissions/approvals/approval-request.js'
import fc from 'fast-check'
import { evaluatePermission } from '../../src/permissions/rules/evaluate-permission.js'
import { tempDir } from '../temp-dir.js'
import { shellAttacks } from './shell-attacks.js'
import { command as generatedCommand, SEED } from './shell-grammar.js'

/**
 * The permission matcher against the shell that runs the commands: each hidden-code attack, tried
 * by a model whose profile allows `ls *`, is asked about and refused, and the victim file is still
 * there afterwards; the same commands, once approved, really delete it in the sandbox (so the
 * matcher was right to ask); and commands the matcher allows under `ls *` run without deleting it.
 */

const shell = 'builtin:workspace.shell'
const victim = 'victim.txt'

let project: string
let host: ToolHost
beforeAll(async () => {
  project = tempDir('toolhost-security-shell-')
  host = await createToolHost({
    dataDir: join(tempDir('toolhost-security-data-'), 'data'),
    workspaceDir: project,
    processDirs: [],
    watchProcessTools: false,
  })
})
afterAll(async () => {
  await host.close()
})

/** Runs `command` through a fresh invocation; returns the result and the approval requests made. */
async function run(
  command: string,
  allow: readonly string[],
  decide: ApprovalDecision,
): Promise<{ readonly isError: boolean; readonly content: string; readonly asked: readonly ApprovalRequest[] }> {
  writeFileSync(join(project, victim), 'keep me\n')
  const asked: ApprovalRequest[] = []
  const invocation = await host.createInvocation({
    scope: 'session',
    protocol: 'openai-chat',
    profile: { permissions: { allow: allow.map((specifier) => `${shell}(${specifier})`) } },
    approver: async (request) => {
      asked.push(request)
      return decide
    },
  })
  const [result] = await invocation.executeTurn({
    calls: [{ callId: 'c', name: 'workspace_shell', arguments: { command } }],
  })
  return {
    isError: result?.isError ?? true,
    content: typeof result?.content === 'string' ? result.content : JSON.stringify(result?.content),
    asked,
  }
}

const refuse: ApprovalDecision = { behavior: 'deny', message: 'not this' }
const approve: ApprovalDecision = { behavior: 'allow', scope: 'once' }

const hidden = shellAttacks.filter((attack) => attack.class === 'hidden-code')

describe('hidden code under a profile that allows only ls', () => {
  it.each(hidden.map((attack) => [attack.command] as const))(
    '%s is asked about, refused, and deletes nothing',
    async (command) => {
      const outcome = await run(command, ['ls *'], refuse)
      expect(outcome.asked).toHaveLength(1)
      expect(outcome.isError).toBe(true)
      expect(readFileSync(join(project, victim), 'utf8')).toBe('keep me\n')
    },
  )
})

/** The attacks of the report, whose hidden command the sandbox really runs once approved. */
const live = [
  `ls \${a[$(rm ${victim})]}`,
  `[[ 'a[$(rm ${victim})]' -eq 0 ]]; ls`,
  `for y in 'a[$(rm ${victim})]'; do (( y )); done`,
  `x='a[$(rm ${victim})]'; ls $((x))`,
  `printf -v 'a[$(rm ${victim})]' %s x; ls`,
  `let 'a[$(rm ${victim})]=1'`,
  `declare 'a[$(rm ${victim})]=1'`,
  `x='a[$(rm ${victim})]'; case x in x) (( x ));; esac`,
]

describe('the sandbox runs what the matcher asks about', () => {
  it.each(live.map((command) => [command] as const))('%s deletes the victim once approved', async (command) => {
    const outcome = await run(command, ['ls *'], approve)
    expect(outcome.asked).toHaveLength(1)
    expect(existsSync(join(project, victim))).toBe(false)
  })
})

/** Commands the matcher allows under `ls *` that look like attacks: they must run only ls. */
const onlyLs = [
  'ls',
  'ls -la',
  'ls $((1 + 2))',
  'ls ${x:-.}',
  'ls "$(ls)"',
  'ls ${a[0]}',
  `ls # ; rm ${victim}`,
  `ls 'a[$(rm ${victim})]'`,
  `ls "\\$(rm ${victim})"`,
  `ls 'x' "$(ls 'a[$(rm ${victim})]')"`,
  `ls $(( 4 * (2 + 1) ))`,
  `ls \${#x} \${x%%.*} \${x/a/b}`,
  `ls <<'EOF'\n$(rm ${victim})\nEOF`,
  `ls <<EOF\n\\$(rm ${victim})\nEOF`,
]

describe('what the matcher allows under ls runs only ls', () => {
  it.each(onlyLs.map((command) => [command] as const))('%s', async (command) => {
    const outcome = await run(command, ['ls *'], refuse)
    expect(outcome.asked, outcome.asked[0]?.reason).toHaveLength(0)
    expect(existsSync(join(project, victim))).toBe(true)
  })
})

/** Allow rules of the generated-command runs: read-only-looking commands and builtins. */
const readers = ['ls *', 'cat *', 'echo *', 'true', 'printf *', 'declare *', 'read *', 'test *', 'unset *']

/**
 * Generated commands (many holding `rm victim.txt` in quotes, here-docs and substitutions) that
 * the matcher allows under `readers`; loops are left out, as they may not end.
 */
const allowedSamples = fc
  .sample(generatedCommand, { seed: SEED, numRuns: 3_000 })
  .map((generated) => generated.text)
  .filter((text) => !text.includes('while') && text.includes('victim'))
  .filter((text) => {
    const rules = {
      mode: 'default' as const,
      allow: readers.map((specifier) => `${shell}(${specifier})`),
      ask: [],
      deny: [],
    }
    return (
      evaluatePermission(rules, { toolId: shell, readOnly: false, subject: { kind: 'command', command: text } })
        .behavior === 'allow'
    )
  })
  .slice(0, 40)

describe('generated commands the matcher allows run nothing else in the sandbox', () => {
  it('has enough samples', () => {
    expect(allowedSamples.length).toBeGreaterThanOrEqual(20)
  })
  it.each(allowedSamples.map((text) => [text] as const))('%j', async (text) => {
    const outcome = await run(text, readers, refuse)
    expect(outcome.asked, outcome.asked[0]?.reason).toHaveLength(0)
    expect(readFileSync(join(project, victim), 'utf8')).toBe('keep me\n')
  })
})

describe('programs that run programs', () => {
  const runners = shellAttacks.filter(
    (attack) =>
      attack.class === 'programs-that-run-programs' && attack.expect === 'ask' && attack.command.includes(victim),
  )
  it.each(runners.map((attack) => [attack.command, attack.allow] as const))(
    '%s is asked about and deletes or writes nothing',
    async (command, allow) => {
      const outcome = await run(command, allow, refuse)
      expect(outcome.asked).toHaveLength(1)
      expect(outcome.isError).toBe(true)
      expect(readFileSync(join(project, victim), 'utf8')).toBe('keep me\n')
    },
  )
})
