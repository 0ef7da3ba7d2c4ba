import { describe, expect, it } from 'vitest'
import { commandOf, parseHeaders, splitCommandLine } from './split-command-line.js'

describe('splitCommandLine', () => {
  it('splits on blanks and keeps quoted words together', () => {
    expect(splitCommandLine(`npx -y "@scope/server" --root '/my dir'`)).toEqual({
      command: 'npx',
      args: ['-y', '@scope/server', '--root', '/my dir'],
    })
  })

  it('takes backslash escapes, an empty quoted word, and quotes inside a word', () => {
    expect(splitCommandLine(String.raw`run a\ b "" x"y z"w "q\"t" "\n"`)).toEqual({
      command: 'run',
      args: ['a b', '', 'xy zw', 'q"t', String.raw`\n`],
    })
  })

  it('says what is wrong with an unclosed quote, a trailing backslash or no command', () => {
    expect(splitCommandLine(`node "server.js`)).toEqual({ error: 'A double quote is not closed.' })
    expect(splitCommandLine(`node 'server.js`)).toEqual({ error: 'A single quote is not closed.' })
    expect(splitCommandLine('node \\')).toEqual({ error: 'The line ends with a lone backslash.' })
    expect(splitCommandLine('   ')).toEqual({ error: 'Give the command to start the server.' })
  })
})

describe('commandOf', () => {
  it('adds the Arguments field to the words of the Command field', () => {
    expect(commandOf('npx -y', `"@scope/server" --verbose`)).toEqual({
      command: 'npx',
      args: ['-y', '@scope/server', '--verbose'],
    })
    expect(commandOf('/usr/bin/node', '')).toEqual({ command: '/usr/bin/node', args: [] })
    expect(commandOf('node', `'open`)).toEqual({ error: 'A single quote is not closed.' })
  })
})

describe('parseHeaders', () => {
  it('reads Name: value lines and skips blank ones', () => {
    expect(parseHeaders('Authorization: Bearer x:y\n\n X-Team : a ')).toEqual({
      Authorization: 'Bearer x:y',
      'X-Team': 'a',
    })
  })

  it('names the line that is not a header', () => {
    expect(parseHeaders('A: 1\nnonsense')).toEqual({ error: 'Line 2: write a header as "Name: value".' })
  })
})
