import fc from 'fast-check'

/**
 * A grammar of shell commands for property tests of the permission matcher: simple commands,
 * pipes, lists, compound commands, substitutions, subscripts, arithmetic and here-docs. Each
 * generated command knows whether it runs a denied command (`rm`) and whether it holds a construct
 * the matcher cannot analyse, so a test can check the matcher's decision against it.
 */

/** A piece of generated shell text and what it holds. */
export interface Piece {
  readonly text: string
  /** It runs `rm` somewhere. */
  readonly denied: boolean
  /** It holds a construct the matcher must not analyse as safe. */
  readonly unanalysable: boolean
  /** It runs at least one simple command (a command running none needs a rule of its own). */
  readonly runs: boolean
}

const piece = (text: string, denied = false, unanalysable = false, runs = false): Piece => ({
  text,
  denied,
  unanalysable,
  runs,
})
const join = (text: string, ...parts: readonly Piece[]): Piece => ({
  text,
  denied: parts.some((part) => part.denied),
  unanalysable: parts.some((part) => part.unanalysable),
  runs: parts.some((part) => part.runs),
})
const ran = (result: Piece): Piece => ({ ...result, runs: true })

/** The seed of every property run: runs are repeatable. */
export const SEED = 20_261_201

/** Generated commands, each knowing what it holds. */
export const { command } = fc.letrec<{ command: Piece; word: Piece; simple: Piece }>((tie) => ({
  word: fc.oneof(
    { depthSize: 'small', maxDepth: 4, withCrossShrink: true },
    fc.constantFrom(
      piece('a'),
      piece('src'),
      piece('-l'),
      piece("'q u'"),
      piece('"dq"'),
      piece('rm'),
      piece("'a[$(rm victim.txt)]'"),
      piece('$x'),
      piece('${x}'),
      piece('$((1 + 2))'),
    ),
    tie('simple').map((inner) => join(`"$(${inner.text})"`, inner)),
    tie('simple').map((inner) => join(`$(${inner.text})`, inner)),
    tie('word').map((inner) => join(`\${x:-${inner.text}}`, inner)),
    fc.constantFrom(
      piece('$((x))', false, true),
      piece('$((x + 1))', false, true),
      piece('${a[i]}', false, true),
      piece('${a[x+1]}', false, true),
      piece('${!x}', false, true),
      piece('${x:x}', false, true),
      piece('${x@P}', false, true),
      piece('$[x]', false, true),
    ),
    tie('simple').map((inner) => join(`\${a[$(${inner.text})]}`, inner, piece('', false, true))),
    tie('simple').map((inner) => join(`$((a[$(${inner.text})]))`, inner, piece('', false, true))),
  ),
  simple: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    fc
      .tuple(fc.constantFrom('ls', 'cat', 'echo'), fc.array(tie('word'), { maxLength: 3 }))
      .map(([name, args]) => ran(join([name, ...args.map((arg) => arg.text)].join(' '), ...args))),
    fc
      .array(tie('word'), { maxLength: 2 })
      .map((args) => ran(join(['rm', ...args.map((arg) => arg.text)].join(' '), piece('', true), ...args))),
    fc.constantFrom(
      piece("printf -v 'a[$(rm victim.txt)]' %s x", false, true),
      piece('printf -v "$n" %s x', false, true),
      piece("let 'x=1'", false, true),
      piece('declare -i n', false, true),
      piece("declare 'a[$(rm victim.txt)]=1'", false, true),
      piece("read -a 'a[$(rm victim.txt)]'", false, true),
      piece("mapfile -C 'rm victim.txt' a", false, true),
      piece("unset 'a[$(rm victim.txt)]'", false, true),
      piece("test -v 'a[$(rm victim.txt)]'", false, true),
      piece('source ./s.sh', false, true),
      piece("alias ls='rm victim.txt'", false, true),
      piece('printf -v n %s x', false, false, true),
      piece('declare n=1', false, false, true),
      piece('read -r n', false, false, true),
    ),
  ),
  command: fc.oneof(
    { depthSize: 'small', maxDepth: 4, withCrossShrink: true },
    tie('simple'),
    fc
      .tuple(tie('command'), fc.constantFrom(' | ', '; ', ' && ', ' || ', '\n'), tie('command'))
      .map(([left, operator, right]) => join(`${left.text}${operator}${right.text}`, left, right)),
    tie('command').map((inner) => join(`( ${inner.text} )`, inner)),
    tie('command').map((inner) => join(`{ ${inner.text}\n}`, inner)),
    fc
      .tuple(tie('command'), tie('command'))
      .map(([condition, body]) => join(`if ${condition.text}\nthen ${body.text}\nfi`, condition, body)),
    fc
      .tuple(tie('command'), tie('command'))
      .map(([condition, body]) => join(`while ${condition.text}\ndo ${body.text}\ndone`, condition, body)),
    fc
      .tuple(tie('word'), tie('command'))
      .map(([word, body]) => join(`for v in ${word.text}\ndo ${body.text}\ndone`, word, body)),
    fc
      .tuple(tie('word'), tie('command'))
      .map(([word, body]) => join(`case ${word.text} in\n*) ${body.text}\n;;\nesac`, word, body)),
    // Quotes mean nothing in a here-doc's body: `'a[$(rm victim.txt)]'` there runs rm. Quotes nested in
    // expansions of a body differ between shells, so such words are left out.
    tie('word')
      .filter((word) => !word.text.includes("'") || word.text === "'a[$(rm victim.txt)]'" || word.text === "'q u'")
      .map((word) =>
        ran(join(`{ cat <<EOF\n${word.text}\nEOF\n}`, word, piece('', word.text === "'a[$(rm victim.txt)]'"))),
      ),
    tie('word').map((word) => piece(`{ cat <<'EOF'\n${word.text}\nEOF\n}`, false, false, true)),
    tie('word').map((word) => join(`[[ -n ${word.text} ]]`, word)),
    fc.constantFrom(
      piece('(( y ))', false, true),
      piece('(( 1 + 2 ))'),
      piece("[[ 'a[$(rm victim.txt)]' -eq 0 ]]", false, true),
      piece('[[ $x -gt 1 ]]', false, true),
      piece('[[ 1 -lt 2 ]]'),
      piece("[[ -v 'a[$(rm victim.txt)]' ]]", false, true),
      piece('for ((i = 0; i < 2; i++)); do ls; done', false, true),
      piece('a[$(rm victim.txt)]=1', true, true),
      piece("x='a[$(rm victim.txt)]'; ls $((x))", false, true),
    ),
  ),
}))
