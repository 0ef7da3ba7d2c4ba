import { describe, expect, it } from 'vitest'
import { parsePermissionRule } from '../../profile/permission-rule.js'
import type { PermissionSubject } from '../../tool/define-tool.js'
import type { ToolId } from '../../core/tool-id.js'
import { evaluatePermission } from '../rules/evaluate-permission.js'
import { alwaysRule, alwaysRulesIn } from './always-rule.js'

const shell = 'builtin:workspace.shell' as ToolId
const write = 'builtin:workspace.write_file' as ToolId
const fetch = 'builtin:web.fetch' as ToolId

/** The verdict on `subject` under the rules "allow always" adds for `approved`, and nothing else. */
function verdictAfterAlways(toolId: ToolId, approved: PermissionSubject, subject: PermissionSubject): string {
  const allow = alwaysRulesIn(alwaysRule(toolId, approved))
  for (const rule of allow) expect(parsePermissionRule(rule), rule).not.toHaveProperty('problem')
  return evaluatePermission({ mode: 'default', allow, ask: [], deny: [] }, { toolId, readOnly: false, subject })
    .behavior
}

const command = (text: string): PermissionSubject => ({ kind: 'command', command: text })
const path = (...paths: string[]): PermissionSubject => ({ kind: 'path', paths, access: 'write' })

describe('"allow always" on a command adds exactly that command', () => {
  const cases: ReadonlyArray<readonly [string, readonly string[]]> = [
    [
      'rm -f build/*',
      [
        'rm -f build/../important.ts',
        'rm -f build/x',
        'rm -f build',
        'rm -rf build/*',
        'rm -f build/* important.ts',
        'rm -f "build/*" x',
      ],
    ],
    ["rm -f '*'", ['rm -f *', 'rm -f x', 'rm -f important.ts', 'rm -f "**"', 'rm -f', "rm -f ''*"]],
    ['rm -f *', ['rm -f important.ts', 'rm -f ../x', 'rm -f * x', 'rm -f *.ts']],
    ["rm -f 'a*'*", ["rm -f 'a*'", 'rm -f a*', 'rm -f a*x', "rm -f 'a*x'"]],
    [
      "cat 'x[1]' x[1] '?' ?",
      ["cat x[1] x[1] '?' ?", "cat 'x[1]' x1 '?' ?", "cat 'x[1]' x[1] ? ?", "cat 'x[1]' x[1] '?' a"],
    ],
    ["printf $'a\n*' $'b\n'*", ["printf $'a\n*' $'b\n'x", "printf $'a\nx' $'b\n'*"]],
    [
      "cat '[a]' 'a?' '{a,b}' '!x'",
      ['cat a a? {a,b} !x', "cat '[a]' ab '{a,b}' '!x'", "cat '[a]' 'a?' a '!x'", "cat '[a]' 'a?' '{a,b}' x"],
    ],
    ['cat {a,b}', ['cat a', 'cat b', 'cat a c', 'cat "{a,b}"']],
    ['cat \'a b\' "c  d"', ['cat a b "c  d"', "cat 'a b' 'c d'", "cat 'a b' c d"]],
    [
      "cat 'back\\slash' 'it'\\''s'",
      ["cat 'backslash' 'it'\\''s'", "cat 'back\\slash' its", 'cat back\\slash "it\'s"'],
    ],
    [
      "printf '%s' $'line\\nbreak' $'tab\\there' $'bell\\a'",
      ["printf '%s' line break $'tab\\there' $'bell\\a'", "printf '%s' $'line\\nbreak' 'tab here' $'bell\\a'"],
    ],
    ['echo ")" "(" "a)b"', ['echo ")"', 'echo ) ( a)b x']],
    ['echo $HOME ~ "$(date)"', ['echo /root ~ "$(date)"', 'echo $HOME /root "$(date)"']],
    ['X=1 npm test', ['npm test', 'X=2 npm test', 'X=1 npm test --watch', 'Y=1 X=1 npm test']],
    ['echo hi > out.txt', ['echo hi', 'echo hi > other.txt', 'echo hi >> out.txt', 'echo hi > out.txt > x']],
    ['ls -l a:*', ['ls -l a', 'ls -l a:x', 'ls -l a:* b']],
    ['ls -la && rm -f build/*', ['rm -f build/../important.ts', 'rm -f x', 'ls', 'ls -la x', 'ls -la; rm -f x']],
    ['cat a | grep "x*"', ['grep x', 'grep "x*" y', 'cat b']],
    ['bash -c "rm -f build/*"', ['rm -f build/../important.ts', 'bash -c "rm -f x"']],
  ]
  it.each(cases)('%s', (approved, nearMisses) => {
    expect(verdictAfterAlways(shell, command(approved), command(approved))).toBe('allow')
    for (const miss of nearMisses) expect(verdictAfterAlways(shell, command(approved), command(miss)), miss).toBe('ask')
  })

  it('writes every word so that the rule reads it literally', () => {
    expect(alwaysRule(shell, command('rm -f build/*'))).toBe('builtin:workspace.shell(rm -f build/\\*)')
    expect(alwaysRule(shell, command("rm -f 'build/*'"))).toBe("builtin:workspace.shell(rm -f 'build/*')")
    expect(alwaysRule(shell, command("ls 'a b'*.ts"))).toBe("builtin:workspace.shell(ls 'a b'\\*.ts)")
    expect(alwaysRule(shell, command('git status'))).toBe('builtin:workspace.shell(git status)')
    expect(alwaysRule(shell, command("printf $'a\\nb'"))).toBe("builtin:workspace.shell(printf $'a\\x0ab')")
  })

  it('gives a compound command one rule per simple command it runs', () => {
    expect(alwaysRulesIn(alwaysRule(shell, command('ls -la && rm -f build/* | cat')))).toEqual([
      'builtin:workspace.shell(ls -la)',
      'builtin:workspace.shell(rm -f build/\\*)',
      'builtin:workspace.shell(cat)',
    ])
  })

  it('names no command after a change of directory, which would be allowed in every directory', () => {
    expect(alwaysRulesIn(alwaysRule(shell, command('ls && cd build && rm -f * && cd ..')))).toEqual([
      'builtin:workspace.shell(ls)',
      'builtin:workspace.shell(cd build)',
    ])
    expect(verdictAfterAlways(shell, command('cd build && rm -f *'), command('rm -f *'))).toBe('ask')
    expect(verdictAfterAlways(shell, command('cd build && rm -f *'), command('cd build && rm -f *'))).toBe('ask')
  })

  it('names a command that cannot be checked as one word, which allows nothing', () => {
    const rule = alwaysRule(shell, command('eval "$x"'))
    expect(rule).toBe(`builtin:workspace.shell('eval "$x"')`)
    expect(verdictAfterAlways(shell, command('eval "$x"'), command('eval "$x"'))).toBe('ask')
  })
})

describe('"allow always" on a path adds exactly that path, anchored at the workspace root', () => {
  const cases: ReadonlyArray<readonly [string, readonly string[]]> = [
    ['config', ['.git/config', 'src/config', 'configs', 'Config']],
    ['build/*', ['build/x', 'build/../important.ts', 'important.ts', 'build/a/*', 'x/build/*']],
    ['*', ['x', 'a/*', '**', '.env']],
    ['**', ['x', 'a/b', '*']],
    ['[a]', ['a', 'src/[a]']],
    ['a?', ['ab', 'a']],
    ['{a,b}', ['a', 'b']],
    ['!x', ['x', 'y']],
    ['#x', ['x']],
    ['a b', ['a', 'ab', 'a  b']],
    ['trailing ', ['trailing', 'trailing  ']],
    ['dir)/x(y', ['dir)/x', 'x(y']],
    ['src/./a/../b.ts', ['src/a/b.ts', 'b.ts', 'src/b.tsx']],
    ['a\\b', ['a/c', 'ab']],
  ]
  it.each(cases)('%s', (approved, nearMisses) => {
    expect(verdictAfterAlways(write, path(approved), path(approved))).toBe('allow')
    for (const miss of nearMisses) expect(verdictAfterAlways(write, path(approved), path(miss)), miss).toBe('ask')
  })

  it('escapes what the path matcher reads as syntax', () => {
    expect(alwaysRule(write, path('build/*'))).toBe('builtin:workspace.write_file(/build/\\*)')
    expect(alwaysRule(write, path('config'))).toBe('builtin:workspace.write_file(/config)')
  })

  it('gives a call on several paths one rule per path', () => {
    expect(alwaysRulesIn(alwaysRule(write, path('a.ts', 'b/*')))).toEqual([
      'builtin:workspace.write_file(/a.ts)',
      'builtin:workspace.write_file(/b/\\*)',
    ])
    expect(verdictAfterAlways(write, path('a.ts', 'b.ts'), path('b.ts'))).toBe('allow')
    expect(verdictAfterAlways(write, path('a.ts', 'b.ts'), path('c.ts'))).toBe('ask')
  })

  it('a path with a line break cannot be named by a rule: it asks again, and nothing else is allowed', () => {
    for (const subject of [path('a\nb'), path('x\n*'), path('a\nb')]) {
      expect(verdictAfterAlways(write, path('x\n*'), subject)).toBe('ask')
    }
    expect(verdictAfterAlways(write, path('x\n*'), path('x'))).toBe('ask')
    expect(verdictAfterAlways(write, path('x\n*'), path('y/*'))).toBe('ask')
  })
})

describe('"allow always" on a fetch adds exactly that host', () => {
  const host = (name: string): PermissionSubject => ({ kind: 'domain', host: name })
  it.each([
    ['example.com', ['a.example.com', 'example.com.evil.test', 'evil.test']],
    ['Sub.Example.COM.', ['example.com', 'a.sub.example.com']],
    ['*.example.com', ['a.example.com', 'example.com']],
    ['*', ['example.com']],
  ])('%s', (approved, nearMisses) => {
    expect(alwaysRule(fetch, host(approved))).not.toMatch(/domain:\*/)
    for (const miss of nearMisses) expect(verdictAfterAlways(fetch, host(approved), host(miss)), miss).toBe('ask')
  })
  it('writes the host as the rules compare it', () => {
    expect(alwaysRule(fetch, host('Sub.Example.COM.'))).toBe('builtin:web.fetch(domain:sub.example.com)')
    expect(verdictAfterAlways(fetch, host('Sub.Example.COM.'), host('sub.example.com'))).toBe('allow')
  })
})

describe('alwaysRulesIn', () => {
  it('reads one rule, or the JSON array several are written as', () => {
    expect(alwaysRulesIn('builtin:workspace.shell(ls)')).toEqual(['builtin:workspace.shell(ls)'])
    expect(alwaysRulesIn('["a(x)","b(y)"]')).toEqual(['a(x)', 'b(y)'])
    expect(alwaysRulesIn('[not json')).toEqual(['[not json'])
  })
})
