import { describe, expect, it } from 'vitest'
import { analyseCommand, type ShellPart } from './match-command.js'
import type { MatchPurpose } from './permission-part.js'
import { commandSpecifierMatches, compileCommandSpecifier } from './specifier.js'

function onlyPart(command: string): ShellPart {
  const analysis = analyseCommand(command)
  if (!analysis.ok || analysis.parts.length !== 1 || analysis.parts[0] === undefined)
    throw new Error(`expected one part in ${command}`)
  return analysis.parts[0]
}

const matches = (specifier: string, command: string, purpose: MatchPurpose = 'allow'): boolean =>
  commandSpecifierMatches(specifier, onlyPart(command), purpose)

describe('compileCommandSpecifier', () => {
  it('compiles single simple commands', () => {
    expect(compileCommandSpecifier('git log *')).toMatchObject({ any: false })
    expect(compileCommandSpecifier(' * ')).toMatchObject({ any: true })
  })
  it('refuses lists, pipelines, background jobs and broken syntax', () => {
    for (const specifier of ['ls && rm', 'ls | cat', 'ls; rm', 'ls &', 'ls "', '(ls)']) {
      expect(compileCommandSpecifier(specifier), specifier).toHaveProperty('problem')
      expect(matches(specifier, 'ls'), specifier).toBe(false)
    }
  })
})

describe('exact specifiers', () => {
  it('match the same words and nothing more', () => {
    expect(matches('git status', 'git status')).toBe(true)
    expect(matches('git status', 'git   status')).toBe(true)
    expect(matches('git status', 'git status --short')).toBe(false)
    expect(matches('git status', 'git')).toBe(false)
    expect(matches('git status', 'git statuses')).toBe(false)
  })
  it('compare words after quote removal on both sides', () => {
    expect(matches(`git commit -m "fix bug"`, `git commit -m 'fix bug'`)).toBe(true)
    expect(matches(`git commit -m "fix bug"`, 'git commit -m fix bug')).toBe(false)
    expect(matches('echo a\\ b', `echo "a b"`)).toBe(true)
  })
})

describe('wildcards', () => {
  it('a standalone * matches any number of words, none included', () => {
    expect(matches('git log *', 'git log')).toBe(true)
    expect(matches('git log *', 'git log --oneline -5 src')).toBe(true)
    expect(matches('git log *', 'git logout')).toBe(false)
    expect(matches('git log *', 'git')).toBe(false)
    expect(matches('git * --dry-run', 'git push origin main --dry-run')).toBe(true)
    expect(matches('git * --dry-run', 'git push --dry-run origin')).toBe(false)
  })
  it('`:*` at the end is the same as ` *`', () => {
    expect(matches('npm run test:*', 'npm run test')).toBe(true)
    expect(matches('npm run test:*', 'npm run test --watch')).toBe(true)
    expect(matches('npm run test:*', 'npm run testing')).toBe(false)
  })
  it('* inside a word matches within that word only', () => {
    expect(matches('npm run test*', 'npm run test:unit')).toBe(true)
    expect(matches('npm run test*', 'npm run test unit')).toBe(false)
    expect(matches('git log --format=*', 'git log --format=%H')).toBe(true)
  })
  it('a quoted * is a literal star', () => {
    expect(matches(`echo '*'`, 'echo x')).toBe(false)
    expect(matches(`echo '*'`, `echo '*'`)).toBe(true)
  })
  it('* alone matches any command, even one that writes', () => {
    expect(matches('*', 'anything at all > file')).toBe(true)
  })
})

describe('allow matching is strict', () => {
  it('sees assignments other than harmless ones', () => {
    expect(matches('ls *', 'FOO=1 ls')).toBe(false)
    expect(matches('FOO=1 ls *', 'FOO=1 ls -la')).toBe(true)
    expect(matches('FOO=* ls *', 'FOO=abc ls')).toBe(true)
    expect(matches('ls *', 'NODE_ENV=test LC_ALL=C ls')).toBe(true)
  })
  it('sees writes, and only rules with a redirection match them', () => {
    expect(matches('cat *', 'cat a > b')).toBe(false)
    expect(matches('cat * > b', 'cat a > b')).toBe(true)
    expect(matches('cat * > b', 'cat a >> b')).toBe(false)
    expect(matches('cat * > b', 'cat a')).toBe(false)
    expect(matches('cat *', 'cat a 2>/dev/null')).toBe(true)
  })
  it('needs a trailing wildcard for commands that xargs gives more arguments', () => {
    expect(matches('rm', 'xargs rm')).toBe(false)
    expect(matches('rm *', 'xargs rm')).toBe(true)
  })
  it('sees the command as it runs, not the wrapper', () => {
    expect(matches('timeout *', 'timeout 5 make')).toBe(false)
    expect(matches('make', 'timeout 5 make')).toBe(true)
  })
})

describe('restrict matching reads the command every way it could run', () => {
  it.each([
    ['rm *', 'FOO=1 rm x'],
    ['rm *', '/bin/rm x'],
    ['rm *', 'RM x'],
    ['rm *', 'rm x > y'],
    ['rm x', 'rm x 2> err'],
    ['timeout *', 'timeout 5 rm x'],
    ['FOO=1 rm *', 'FOO=1 rm x'],
    ['* > /dev/sda', 'cat x > /dev/sda'],
  ])('%s matches %s', (specifier, command) => {
    expect(matches(specifier, command, 'restrict')).toBe(true)
  })
  it('still respects word boundaries', () => {
    expect(matches('rm *', 'rmdir x', 'restrict')).toBe(false)
    expect(matches('git push *', 'git pushx', 'restrict')).toBe(false)
  })
})

describe('! and time in rules', () => {
  it.each(['! *', 'time *', 'time -p *', '! ls *'])('%s allows nothing', (specifier) => {
    for (const command of ['ls', 'rm x', '! rm x', 'time rm x'])
      expect(matches(specifier, command), command).toBe(false)
  })
  it('match the command after them as deny or ask rules', () => {
    expect(matches('! rm *', 'rm x', 'restrict')).toBe(true)
    expect(matches('time rm *', 'time rm x', 'restrict')).toBe(true)
    expect(matches('time rm *', 'ls', 'restrict')).toBe(false)
  })
})

describe('options that make a program write or run scripts', () => {
  it('must be named by a word of the allow rule, not taken by a standalone *', () => {
    expect(matches('sed *', 'sed -i s/a/b/ f')).toBe(false)
    expect(matches('sed -i *', 'sed -i s/a/b/ f')).toBe(true)
    expect(matches('sed * f', 'sed -i s/a/b/ f')).toBe(false)
    expect(matches('sort *', 'sort -o out in')).toBe(false)
    expect(matches('sort -o *', 'sort -o out in')).toBe(true)
    expect(matches('npm *', 'npm run build')).toBe(false)
    expect(matches('npm run *', 'npm run build')).toBe(false)
    expect(matches('npm run build *', 'npm run build -- --watch')).toBe(true)
    expect(matches('npm run test*', 'npm run test:unit')).toBe(true)
    expect(matches('npm *', 'npm ls')).toBe(true)
    expect(matches('*', 'npm run build')).toBe(true)
  })
  it('do not restrict deny rules, which also see the command with global options stripped', () => {
    expect(matches('npm publish *', 'npm --registry x publish', 'restrict')).toBe(true)
    expect(matches('npm publish *', 'npm --registry=x --tag next publish', 'restrict')).toBe(true)
    expect(matches('git push *', 'git --no-pager push', 'restrict')).toBe(true)
    expect(matches('rm *', 'npx rm x', 'restrict')).toBe(true)
  })
})
