import { describe, expect, it } from 'vitest'
import { analyseCommand, type ShellPart } from './match-command.js'
import { awkProblem, sedProblem, sqliteProblem } from './shell-program-texts.js'

function parts(command: string): readonly ShellPart[] {
  const analysis = analyseCommand(command)
  if (!analysis.ok) throw new Error(`${command} did not parse: ${analysis.problem}`)
  return analysis.parts
}

const opaqueOf = (command: string): string | undefined =>
  parts(command).find((part) => part.opaque !== undefined)?.opaque

describe('sed scripts', () => {
  it.each([
    's/a/b/g',
    '1d',
    '/x/p',
    'y/abc/xyz/',
    '$!N',
    's|a/b|c|2',
    ':a;N;ba',
    '/x/{p;d}',
    '1,/end/ s/a\\/b/c/',
    'a\\\nnew line',
    '3q5',
    's/e/w/',
  ])('reads %j as running and writing nothing', (script) => {
    expect(sedProblem(script)).toBeUndefined()
  })
  it.each(['e', '1e rm x', 's/a/b/e', 's/a/b/w out', 'w out', '/x/W out', 's/a/b/gw out', '1{e rm x\n}', 's/a/b', 'k'])(
    'reads %j as running or writing, or unreadable',
    (script) => {
      expect(sedProblem(script)).toBeDefined()
    },
  )
})

describe('awk programs', () => {
  it.each(['{print $1}', '$1 > 5 {print}', 'NR % 2 == 0 || /x/ {n++} END {print n}', '{ if ($1 > 5) print }'])(
    'reads %j as running and writing nothing',
    (program) => {
      expect(awkProblem(program)).toBeUndefined()
    },
  )
  it.each([
    'BEGIN{system("rm x")}',
    '{print | "sh"}',
    '{"date" | getline d}',
    '{print > "out"}',
    '{printf "%s", $0 >> "out"}',
    '{print |& "cmd"}',
    '@load "x"',
  ])('reads %j as running or writing', (program) => {
    expect(awkProblem(program)).toBeDefined()
  })
})

describe('sqlite3 SQL', () => {
  it('asks about dot-commands and functions that reach other files', () => {
    expect(sqliteProblem('select 1')).toBeUndefined()
    for (const sql of [
      '.shell rm x',
      'select 1;\n.output out',
      "attach 'x' as y",
      "select writefile('x', 1)",
      "select load_extension('x')",
      "vacuum into 'x'",
    ]) {
      expect(sqliteProblem(sql), sql).toBeDefined()
    }
  })
})

describe('programs that run programs', () => {
  it.each([
    ['awk -f prog.awk f', /from a file/],
    ['awk "$p" f', /only known when it runs/],
    ['rg --pre=./x y', /rg --pre runs/],
    ['sort --compress-program=gzip f', /runs a program/],
    ['tar --to-command=sh -xf a.tar', /runs a program/],
    ['git -c core.pager=sh log', /git -c can make git run/],
    ['git st', /may be an alias/],
    ['git config core.pager sh', /git config can set programs/],
    ['git submodule foreach ls', /runs a program it is given/],
    ['npm --script-shell=./x test', /makes it run a program/],
    ['npm explore x', /runs a shell/],
    ['sqlite3 db', /standard input/],
    ['ssh -o ProxyCommand=x host ls', /does not know/],
    ['ssh host', /standard input/],
    ['watch -x ls', /does not know/],
  ])('%s cannot be checked', (command, reason) => {
    expect(opaqueOf(command)).toMatch(reason)
  })
  it('checks the commands ssh and watch run, and ssh itself', () => {
    expect(parts('ssh -p 22 host ls -la').map((part) => [part.words, part.via, part.container])).toEqual([
      [['ssh', '-p', '22', 'host', 'ls', '-la'], undefined, false],
      [['ls', '-la'], 'ssh', false],
    ])
    expect(parts("watch -n 1 'ls; rm x'").map((part) => [part.words, part.container])).toEqual([
      [['watch', '-n', '1', 'ls; rm x'], true],
      [['ls'], false],
      [['rm', 'x'], false],
    ])
  })
  it('marks the options and scripts an allow rule must name', () => {
    expect(parts('sed -ni s/a/b/ f')[0]?.literal).toEqual([1])
    expect(parts('tar xf a.tar')[0]?.literal).toEqual([1])
    expect(parts('npm run build')[0]?.literal).toEqual([1, 2])
    expect(parts('npm ls')[0]?.literal).toEqual([])
    expect(parts('npx tsc --noEmit')[0]?.literal).toEqual([1])
  })
})
