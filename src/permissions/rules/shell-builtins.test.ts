import { describe, expect, it } from 'vitest'
import { analyseCommand } from './match-command.js'

const opaqueOf = (command: string): string | undefined => {
  const analysis = analyseCommand(command)
  if (!analysis.ok) throw new Error(`${command} did not parse: ${analysis.problem}`)
  return analysis.parts.find((part) => part.opaque !== undefined)?.opaque
}

describe('builtins that evaluate names, arithmetic or code', () => {
  it.each([
    "printf -v 'a[$(rm x)]' %s y",
    'printf -v "$n" %s y',
    "read -a 'a[$(rm x)]'",
    "read 'a[1+1]'",
    'read -ra "$n"',
    "mapfile -C 'rm x' a",
    "unset 'a[$(rm x)]'",
    "getopts ab 'a[$(rm x)]'",
    "wait -p 'a[$(rm x)]'",
    "declare 'a[$(rm x)]=1'",
    'declare -i n',
    'local -n ref=x',
    "export 'x=(1)'",
    'declare -a x="$y"',
    'declare "$n"',
    "typeset -l 'a[$(rm x)]'",
    "test -v 'a[$(rm x)]'",
    'test "$op" \'a[$(rm x)]\'',
    'test "$a" "$b"',
    'let x=1',
    'source ./x.sh',
    '. ./x.sh',
    "alias ls='rm x'",
    'hash -p /bin/rm ls',
    'enable -n ls',
    "complete -C 'rm x' ls",
    'compgen -W x',
    'fc -s',
    'command let x=1',
  ])('%s cannot be checked', (command) => {
    expect(opaqueOf(command)).toBeDefined()
  })

  it.each([
    'printf -v out %s y',
    'printf "%s\\n" "$x"',
    'read -r line',
    'read -p "name? " -a names',
    'mapfile -t lines',
    'unset x y',
    'declare -r x=1 y',
    'export PATH="$PATH:/x"',
    'local x=$1',
    'test -f "$x"',
    'test -v x',
    'test "$x" = y',
    'getopts ab opt',
  ])('%s is checked like any command', (command) => {
    expect(opaqueOf(command)).toBeUndefined()
  })
})
