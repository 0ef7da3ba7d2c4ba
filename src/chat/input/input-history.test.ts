import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../../test/temp-dir.js'
import { InputHistory } from './input-history.js'

const dir = tempDir('toolhost-input-history-')
let count = 0
const freshFile = (): string => join(dir, `history-${++count}`, 'chat-history.jsonl')

describe('InputHistory', () => {
  it('starts empty when the file is missing and creates it with mode 0600 on the first entry', async () => {
    const file = freshFile()
    const history = await InputHistory.load(file)
    expect(history.entries).toEqual([])
    await history.add('first\nwith a second line')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await readFile(file, 'utf8')).toBe('"first\\nwith a second line"\n')
    expect((await InputHistory.load(file)).entries).toEqual(['first\nwith a second line'])
  })

  it('does not add blank entries or a repeat of the newest one', async () => {
    const history = await InputHistory.load(freshFile())
    await history.add('a')
    await history.add('a')
    await history.add('  \n ')
    await history.add('b')
    await history.add('a')
    expect(history.entries).toEqual(['a', 'b', 'a'])
  })

  it('skips corrupt lines', async () => {
    const file = join(dir, 'corrupt.jsonl')
    await writeFile(file, '"one"\n{not json\n42\n"two"\n"unterminated\n\n"three"')
    expect((await InputHistory.load(file)).entries).toEqual(['one', 'two', 'three'])
  })

  it('keeps the newest entries and rewrites a file over the limit', async () => {
    const file = join(dir, 'long.jsonl')
    await writeFile(file, Array.from({ length: 1005 }, (_, index) => `${JSON.stringify(`e${index}`)}\n`).join(''))
    const history = await InputHistory.load(file)
    expect(history.entries).toHaveLength(1000)
    expect(history.entries[0]).toBe('e5')
    expect((await readFile(file, 'utf8')).split('\n')).toHaveLength(1001)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const small = await InputHistory.load(file, 3)
    expect(small.entries).toEqual(['e1002', 'e1003', 'e1004'])
    await small.add('new')
    expect(small.entries).toEqual(['e1003', 'e1004', 'new'])
    expect((await InputHistory.load(file, 3)).entries).toEqual(['e1003', 'e1004', 'new'])
  })

  it('walks back and forth, giving back the draft past the newest entry', async () => {
    const history = await InputHistory.load(freshFile())
    await history.add('one')
    await history.add('two')
    expect(history.next()).toBeUndefined()
    expect(history.previous('draft')).toBe('two')
    expect(history.previous('two')).toBe('one')
    expect(history.previous('one')).toBeUndefined()
    expect(history.next()).toBe('two')
    expect(history.next()).toBe('draft')
    expect(history.next()).toBeUndefined()
    expect(history.previous('other draft')).toBe('two')
    history.reset()
    expect(history.next()).toBeUndefined()
    expect(history.previous('x')).toBe('two')
    await history.add('three')
    expect(history.previous('')).toBe('three')
  })

  it('gives nothing to walk in an empty history', async () => {
    const history = await InputHistory.load(freshFile())
    expect(history.previous('draft')).toBeUndefined()
    expect(history.next()).toBeUndefined()
  })

  it('keeps every entry whole when two processes append at once', async () => {
    const file = freshFile()
    await (await InputHistory.load(file)).add('start')
    const moduleUrl = new URL('./input-history.ts', import.meta.url).href
    const script = `
      const { InputHistory } = await import(${JSON.stringify(moduleUrl)})
      const history = await InputHistory.load(process.argv[1])
      const tag = process.argv[2]
      for (let index = 0; index < 200; index++) await history.add(tag + index + ' ' + 'y'.repeat(3000))
    `
    const children = ['a', 'b'].map((tag) =>
      spawn(process.execPath, ['--input-type=module', '-e', script, file, tag], { stdio: 'inherit' }),
    )
    const codes = await Promise.all(children.map(async (child) => (await once(child, 'exit'))[0]))
    expect(codes).toEqual([0, 0])
    const entries = (await InputHistory.load(file, 10_000)).entries
    expect(entries).toHaveLength(401)
    for (const tag of ['a', 'b']) {
      const own = entries.filter((entry) => entry.startsWith(tag))
      expect(own.map((entry) => entry.split(' ')[0])).toEqual(
        Array.from({ length: 200 }, (_, index) => `${tag}${index}`),
      )
    }
  })
})
