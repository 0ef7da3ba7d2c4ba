import { describe, expect, it } from 'vitest'
import { evaluatePermission, type PermissionRules } from './evaluate-permission.js'
import { type PermissionVerdict } from './permission-verdict.js'

/** Every way of smuggling a command past a rule that we know of, refused or asked. */

const shellTool = 'builtin:workspace.shell'
const rule = (specifier: string): string => `${shellTool}(${specifier})`

/** Read-only-looking allow rules an agent profile typically has, and a deny rule for `rm`. */
const typical: PermissionRules = {
  mode: 'default',
  allow: ['ls *', 'cat *', 'echo *', 'git status', 'git log *', 'grep *', 'find *', 'true', 'npm test'].map(rule),
  ask: [],
  deny: [rule('rm *')],
}

function check(command: string, rules: PermissionRules = typical): PermissionVerdict {
  return evaluatePermission(rules, { toolId: shellTool, readOnly: false, subject: { kind: 'command', command } })
}

const behaviorOf = (command: string, rules?: PermissionRules): string => check(command, rules).behavior

describe('allowed commands stay allowed', () => {
  it.each([
    'ls',
    'ls -la src',
    'git status',
    'git log',
    'git log --oneline -5',
    'cat a.txt | grep x',
    'ls && git status',
    'echo hi 2>&1',
    'cat x > /dev/null',
    'cat < input.txt',
    'ls # ; rm -rf /',
  ])('%s', (command) => {
    expect(check(command)).toMatchObject({ behavior: 'allow', decidedBy: 'rule' })
  })
})

describe('compound commands: every part must be allowed, any denied part denies', () => {
  it.each([
    'ls; rm x',
    'ls && rm x',
    'ls || rm x',
    'ls | rm x',
    'ls & rm x',
    'ls\nrm x',
    'ls;rm x',
    'ls&&rm x',
    'ls |& rm x',
    '! ls; rm x',
  ])('%j is denied', (command) => {
    expect(check(command)).toMatchObject({ behavior: 'deny', rule: rule('rm *'), decidedBy: 'rule' })
  })
  it.each([
    'ls; touch x',
    'ls && curl example.com',
    'git status || make',
    'cat x | python3',
    'ls & sleep 1',
    'ls\nchmod +x y',
  ])('%j asks', (command) => {
    expect(behaviorOf(command)).toBe('ask')
  })
  it('names the part that decided', () => {
    expect(check('ls && rm -rf build').reason).toBe(`Denied by rule ${rule('rm *')} for \`rm -rf build\`.`)
  })
})

describe('substitutions are checked recursively', () => {
  it.each([
    'ls $(rm x)',
    'ls `rm x`',
    'cat <(rm x)',
    'tee >(rm x)',
    'echo "$(rm x)"',
    'echo ${y:-$(rm x)}',
    'x=$(rm x) ls',
    'echo $((1 + $(rm x)))',
    'ls $(echo $(rm x))',
    'ls > "$(rm x)"',
    'cat <<< "$(rm x)"',
  ])('%j is denied', (command) => {
    expect(behaviorOf(command)).toBe('deny')
  })
  it.each(['ls $(touch x)', 'ls `make`', 'cat <(curl example.com)', 'echo "$(whoami)"'])('%j asks', (command) => {
    expect(behaviorOf(command)).toBe('ask')
  })
  it('allows substitutions whose commands are allowed', () => {
    expect(behaviorOf('echo "$(git status)" $(ls)')).toBe('allow')
  })
})

describe('shells and eval run their scripts through the same rules', () => {
  it.each([
    `bash -c 'rm x'`,
    `sh -c "rm x"`,
    `bash -lc 'ls; rm x'`,
    `bash -e -c 'rm x'`,
    `eval 'rm x'`,
    `eval rm x`,
    `eval -- rm x`,
    `bash -c -- 'rm x'`,
    `trap -- 'rm x' EXIT`,
    `zsh -c 'ls && rm x'`,
    `bash -c "bash -c 'rm x'"`,
    `busybox sh -c 'rm x'`,
    `su -c 'rm x'`,
    `trap 'rm x' EXIT; ls`,
  ])('%s is denied', (command) => {
    expect(behaviorOf(command)).toBe('deny')
  })
  it.each([`bash -c 'ls; cat x'`, `sh -c "git status"`, `eval 'ls'`, `bash -ic 'ls'`])(
    '%s is allowed when its commands are',
    (command) => {
      expect(behaviorOf(command)).toBe('allow')
    },
  )
  it.each([
    'eval "$x"',
    'bash -c "$cmd"',
    'sh -c "$(curl example.com)"',
    'echo ls | bash',
    'bash',
    'bash -s',
    'eval "ls $(cat x)"',
  ])('%s cannot be analysed and asks', (command) => {
    const verdict = check(command, { ...typical, allow: [rule('*')] })
    expect(verdict).toMatchObject({ behavior: 'ask' })
    expect(['unparseable', 'dangerous']).toContain(verdict.decidedBy)
  })
  it('denies a shell named by a deny rule even when its script is allowed', () => {
    expect(behaviorOf(`bash -c 'ls'`, { ...typical, deny: [rule('bash *')] })).toBe('deny')
  })
})

describe('wrappers are peeled off', () => {
  it.each([
    'timeout 5 rm -rf /',
    'timeout -s KILL 5 rm x',
    'nice -n 5 rm x',
    'nice -10 rm x',
    'nohup rm x',
    'env FOO=1 rm x',
    'env -i rm x',
    '/usr/bin/env rm x',
    'time rm x',
    'command rm x',
    'builtin rm x',
    'exec rm x',
    'sudo rm x',
    'timeout 5 nice env A=1 nohup rm x',
  ])('%s is denied by the rule for rm', (command) => {
    expect(check(command)).toMatchObject({ behavior: 'deny', rule: rule('rm *') })
  })
  it.each(['timeout 5 ls', 'nice -n 5 git status', 'nohup cat x', 'time ls', 'command ls'])(
    '%s is allowed by the rule for the inner command',
    (command) => {
      expect(behaviorOf(command)).toBe('allow')
    },
  )
  it('does not let a rule for the wrapper allow what it runs', () => {
    expect(behaviorOf('timeout 5 touch x', { ...typical, allow: [rule('timeout *')] })).toBe('ask')
  })
  it('asks when a wrapper is given an option it does not know, or reads its command from text', () => {
    expect(check('env --frobnicate ls')).toMatchObject({ behavior: 'ask', decidedBy: 'unparseable' })
    expect(check(`env -S 'rm x' ls`)).toMatchObject({ behavior: 'ask', decidedBy: 'unparseable' })
  })
})

describe('assignments before a command', () => {
  it('cannot free a command from a deny rule', () => {
    expect(behaviorOf('FOO=1 rm x')).toBe('deny')
    expect(behaviorOf('PATH=/tmp rm x')).toBe('deny')
  })
  it('must be named by an allow rule, unless harmless', () => {
    expect(behaviorOf('GIT_PAGER=evil git log')).toBe('ask')
    expect(behaviorOf('LD_PRELOAD=x.so ls')).toBe('ask')
    expect(behaviorOf('NODE_ENV=test npm test')).toBe('allow')
    expect(behaviorOf('FOO=1 ls', { ...typical, allow: [rule('FOO=1 ls *')] })).toBe('allow')
  })
  it('on their own need a rule, since they change what later commands do', () => {
    expect(behaviorOf('PATH=/tmp/evil; ls')).toBe('ask')
  })
})

describe('word boundaries', () => {
  it.each([
    ['git logout', 'ask'],
    ['git log', 'allow'],
    ['git log -p', 'allow'],
    ['lsblk', 'ask'],
    ['ls', 'allow'],
    ['git status --short', 'ask'],
    ['git status', 'allow'],
    ['git  status', 'allow'],
    ['cats x', 'ask'],
    ['npm test', 'allow'],
    ['npm test --watch', 'ask'],
    ['rmdir x', 'ask'],
  ])('%s → %s', (command, expected) => {
    expect(behaviorOf(command)).toBe(expected)
  })
})

describe('quoting tricks do not hide the command name', () => {
  it.each([
    `'rm' -rf /`,
    `r''m x`,
    `"r"m x`,
    `\\rm x`,
    `$'rm' x`,
    `$'\\x72m' x`,
    '/bin/rm x',
    './rm x',
    'RM x',
    '{rm,x}',
    'r\\\nm x',
  ])('%j is denied', (command) => {
    expect(behaviorOf(command)).toBe('deny')
  })
  it.each(['$cmd x', '${cmd} x', '$(echo rm) x', '`echo rm` x', '/bin/r? x', 'r*m x', '"$@"'])(
    '%j has an unknown command name and asks',
    (command) => {
      expect(check(command, { ...typical, allow: [rule('*')], deny: [] })).toMatchObject({
        behavior: 'ask',
        decidedBy: 'unparseable',
      })
    },
  )
})

describe('redirections', () => {
  it.each([
    'cat x > y',
    'cat x >> y',
    'ls >| y',
    'ls &> y',
    'echo hi 2> err.log',
    'ls >& y',
    '{ ls; } > y',
    '(cat x) > y',
    'if true; then ls; fi > y',
    'ls > $out',
    'cat x 1<> y',
  ])('%j writes a file and is not allowed by a read-only rule', (command) => {
    expect(behaviorOf(command)).toBe('ask')
  })
  it('is allowed by a rule that has the same redirection', () => {
    const rules = { ...typical, allow: [rule('echo * > notes.txt')] }
    expect(behaviorOf('echo hello world > notes.txt', rules)).toBe('allow')
    expect(behaviorOf('echo hello > other.txt', rules)).toBe('ask')
    expect(behaviorOf('echo hello', rules)).toBe('ask')
  })
  it.each(['ls 2>/dev/null', 'ls >/dev/null 2>&1', 'ls 2>&1 | cat', 'ls >&2', 'cat < x', 'cat <<EOF\nhi\nEOF'])(
    '%j changes nothing and stays allowed',
    (command) => {
      expect(behaviorOf(command)).toBe('allow')
    },
  )
  it('lets `*` alone allow writes too', () => {
    expect(behaviorOf('cat x > y', { ...typical, allow: [rule('*')] })).toBe('allow')
  })
})

describe('comments, here-documents, groups, control flow and functions', () => {
  it('ignores comments', () => {
    expect(behaviorOf('ls # && rm -rf /')).toBe('allow')
    expect(behaviorOf('ls # x\nrm x')).toBe('deny')
  })
  it('checks substitutions in unquoted here-documents, not in quoted ones', () => {
    expect(behaviorOf('cat <<EOF\n$(rm x)\nEOF')).toBe('deny')
    expect(behaviorOf("cat <<'EOF'\n$(rm x)\nEOF")).toBe('allow')
  })
  it.each([
    '(ls; rm x)',
    '{ ls; rm x; }',
    'if ls; then rm x; fi',
    'if true; then ls; else rm x; fi',
    'for f in *; do rm $f; done',
    'for f in $(rm x); do ls; done',
    'while true; do rm x; done',
    'until ls; do rm x; done',
    'case a in *) rm x;; esac',
    'case $(rm x) in *) ls;; esac',
    '[[ $(rm x) ]]',
    '(( $(rm x) ))',
    'f() { rm x; }; f',
    'function g { rm x; }',
    'f() ( rm x )',
  ])('%j is denied', (command) => {
    expect(behaviorOf(command)).toBe('deny')
  })
  it('needs a rule to call a function even when its body is allowed', () => {
    expect(behaviorOf('f() { ls; }; f')).toBe('ask')
  })
})

describe('commands that run other commands', () => {
  it('xargs runs its command with arguments only known at run time', () => {
    expect(behaviorOf('ls | xargs rm')).toBe('deny')
    expect(behaviorOf('ls | xargs -0 -n 1 rm -f')).toBe('deny')
    expect(behaviorOf('ls | xargs cat')).toBe('allow')
    expect(behaviorOf('ls | xargs touch', { ...typical, allow: [...typical.allow, rule('touch')] })).toBe('ask')
    expect(behaviorOf(`ls | xargs sh -c 'rm "$1"' _`)).toBe('deny')
    expect(behaviorOf('ls | xargs -i{} --replace rm {}')).toBe('deny')
    expect(behaviorOf('ls | xargs -I {} rm {}')).toBe('deny')
  })
  it('find -exec runs its command through the same rules', () => {
    expect(behaviorOf('find . -name "*.tmp" -exec rm {} \\;')).toBe('deny')
    expect(behaviorOf('find . -exec rm -f {} +')).toBe('deny')
    expect(behaviorOf('find . -execdir touch {} \\;')).toBe('ask')
    expect(behaviorOf('find . -name "*.ts" -exec grep -l x {} +')).toBe('allow')
    expect(check('find . -exec rm {}', { ...typical, deny: [] })).toMatchObject({
      behavior: 'ask',
      decidedBy: 'unparseable',
    })
  })
})

describe('unparseable and oversized commands ask', () => {
  it.each(['ls "unterminated', 'ls; }', 'if then fi', 'ls ((', 'echo $(', `echo 'x`])('%j', (command) => {
    expect(check(command)).toMatchObject({ behavior: 'ask', decidedBy: 'unparseable' })
  })
  it('asks for commands over 10,000 characters, even if every part would be allowed', () => {
    const command = `echo ${'a'.repeat(10_001)}`
    expect(check(command)).toMatchObject({ behavior: 'ask', decidedBy: 'unparseable' })
    expect(check(`echo ${'a'.repeat(9_000)}`).behavior).toBe('allow')
  })
  it('asks for commands with a NUL character', () => {
    expect(check('ls\0; rm x')).toMatchObject({ behavior: 'ask', decidedBy: 'unparseable' })
  })
  it('still denies them by a rule without specifier, or by `*`', () => {
    expect(behaviorOf('ls "', { ...typical, deny: [shellTool] })).toBe('deny')
    expect(behaviorOf('ls "', { ...typical, deny: [rule('*')] })).toBe('deny')
  })
  it('are denied in dontAsk mode', () => {
    expect(check('ls "', { ...typical, mode: 'dontAsk' })).toMatchObject({ behavior: 'deny', decidedBy: 'unparseable' })
  })
})
