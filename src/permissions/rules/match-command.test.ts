import { describe, expect, it } from 'vitest'
import { analyseCommand, MAX_COMMAND_LENGTH, type ShellPart } from './match-command.js'

function parts(command: string): readonly ShellPart[] {
  const analysis = analyseCommand(command)
  if (!analysis.ok) throw new Error(`${command} did not parse: ${analysis.problem}`)
  return analysis.parts
}

const words = (command: string): string[][] => parts(command).map((part) => [...part.words])

describe('analyseCommand', () => {
  it('splits lists, pipelines and background jobs into simple commands', () => {
    expect(words('a 1 && b || c; d | e & f\ng')).toEqual([['a', '1'], ['b'], ['c'], ['d'], ['e'], ['f'], ['g']])
  })
  it('removes quotes and expands braces as the shell does', () => {
    expect(words(`'r''m' "-r"f \\/ a{b,c}d {1..3}`)).toEqual([['rm', '-rf', '/', 'abd', 'acd', '1', '2', '3']])
    expect(words('{rm,-rf,/}')).toEqual([['rm', '-rf', '/']])
    expect(words('echo {01..03} {a..c}')).toEqual([['echo', '01', '02', '03', 'a', 'b', 'c']])
  })
  it('marks brace expansions too large to enumerate as opaque', () => {
    expect(parts('echo {1..100000}')[0]?.opaque).toMatch(/too large/)
    expect(parts('echo {a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}')[0]?.opaque).toMatch(/too large/)
  })
  it('marks commands expanding to too many words as opaque', () => {
    expect(parts('echo {1..200}{1..200}')[0]?.opaque).toMatch(/too large/)
    expect(parts(`echo ${'{1..200} '.repeat(30)}`)[0]?.opaque).toMatch(/more than 4,096 words/)
  })
  it('analyses substitutions before the command that uses them', () => {
    const found = parts('echo $(a) `b` <(c) >(d)')
    expect(found.map((part) => part.words[0])).toEqual(['a', 'b', 'c', 'd', 'echo'])
    expect(found[0]?.via).toBe('a substitution')
  })
  it('peels wrappers and keeps what was written', () => {
    const [part] = parts('sudo env A=1 timeout -s9 5 nice -n 2 /bin/rm -rf x')
    expect(part).toMatchObject({
      words: ['/bin/rm', '-rf', 'x'],
      assignments: ['A=1'],
      outerWords: ['sudo', 'env', 'A=1', 'timeout', '-s9', '5', 'nice', '-n', '2', '/bin/rm', '-rf', 'x'],
    })
    expect(part?.wrappers).toEqual(['sudo', 'env', 'timeout', 'nice'])
  })
  it('keeps `command -v` a lookup, not a run', () => {
    expect(words('command -v rm')).toEqual([['command', '-v', 'rm']])
  })
  it('turns bash -c, sh -c, su -c and eval into a container and its inner commands', () => {
    const found = parts(`bash -c 'a; b' && eval "c d" && su root -c 'e'`)
    expect(found.map((part) => [part.words[0], part.container, part.via])).toEqual([
      ['bash', true, undefined],
      ['a', false, 'bash -c'],
      ['b', false, 'bash -c'],
      ['eval', true, undefined],
      ['c', false, 'eval'],
      ['su', true, undefined],
      ['e', false, 'su -c'],
    ])
  })
  it('carries sudo into the commands it runs', () => {
    expect(parts(`sudo sh -c 'ls $(id)'`).map((part) => part.wrappers)).toEqual([['sudo'], ['sudo'], ['sudo']])
  })
  it('marks what cannot be read statically as opaque', () => {
    for (const command of [
      '$x',
      '"$cmd" arg',
      '$(which rm) x',
      'r? x',
      'eval "$x"',
      'bash -c "$x"',
      'bash',
      'sh -s',
      'bash -s arg',
      'bash -i x',
      `bash -c 'ls "'`,
      'env -S "a b"',
      'find . -exec rm {}',
    ]) {
      expect(
        parts(command).some((part) => part.opaque !== undefined),
        command,
      ).toBe(true)
    }
  })
  it('records writes, including those of enclosing groups, and not reads or copies', () => {
    const [inner] = parts('{ ls 2>&1 < in; } >> out')
    expect(inner?.writes.map((write) => write.target)).toEqual(['out'])
    expect(parts('ls > /dev/null 2>&1')[0]?.writes).toEqual([])
    expect(parts('ls &> all.log')[0]?.label).toBe('ls &> all.log')
  })
  it('records which commands feed a command', () => {
    expect(parts('curl x | tee y | sh')[2]?.inputsFrom).toEqual(['curl', 'tee'])
    expect(parts('bash <(curl x)')[1]?.inputsFrom).toEqual(['curl'])
    expect(parts('ls $(curl x)')[1]?.inputsFrom).toEqual([])
  })
  it('walks control flow and function bodies, and spots functions calling themselves', () => {
    expect(words('if a; then b; elif c; then d; else e; fi; while f; do g; done; case x in y) h;; esac')).toEqual([
      ['a'],
      ['b'],
      ['c'],
      ['d'],
      ['e'],
      ['f'],
      ['g'],
      ['h'],
    ])
    const bomb = parts(':(){ :|:& };:')
    expect(bomb.filter((part) => part.dangers.some((danger) => danger.includes('calls itself')))).toHaveLength(2)
  })
  it('keeps bare assignments and bare redirections as parts', () => {
    expect(parts('A=1 B=2')[0]).toMatchObject({ words: [], assignments: ['A=1', 'B=2'] })
    expect(parts('> truncated')[0]?.writes.map((write) => write.target)).toEqual(['truncated'])
  })
  it('finds nothing in comments and quoted here-documents', () => {
    expect(words('ls # $(rm x)')).toEqual([['ls']])
    expect(words("cat <<'EOF'\n$(rm x)\nEOF")).toEqual([['cat']])
    expect(words('cat <<EOF\n$(rm x)\nEOF')).toEqual([['rm', 'x'], ['cat']])
  })
  it('refuses commands that are too long, hold NUL or do not parse', () => {
    expect(analyseCommand('a'.repeat(MAX_COMMAND_LENGTH + 1))).toMatchObject({
      ok: false,
      problem: 'it is longer than 10,000 characters',
    })
    expect(analyseCommand('a'.repeat(MAX_COMMAND_LENGTH)).ok).toBe(true)
    expect(analyseCommand('ls\0')).toMatchObject({ ok: false })
    expect(analyseCommand('ls )')).toMatchObject({ ok: false })
    expect(analyseCommand('ls; }')).toMatchObject({ ok: false })
  })
  it('stops at scripts nested too deeply', () => {
    const tooDeep = `${'eval '.repeat(15)}ls`
    expect(parts(tooDeep).some((part) => part.opaque?.includes('nested too deeply') === true)).toBe(true)
    expect(parts(`${'eval '.repeat(5)}ls`).some((part) => part.opaque !== undefined)).toBe(false)
  })
  it('makes control characters visible in labels', () => {
    expect(parts("echo $'\\e[31m'")[0]?.label).toBe(`echo '\\x1b[31m'`)
  })
})
