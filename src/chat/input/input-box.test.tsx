import { EventEmitter } from 'node:events'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { render } from 'ink'
import type { Instance } from 'ink'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { tempDir } from '../../../test/temp-dir.js'
import { InputBox } from './input-box.js'
import type { InputBoxProps } from './input-box.js'
import { InputHistory } from './input-history.js'

const dir = tempDir('toolhost-input-box-')
let files = 0

/** A terminal's input: raw mode is accepted and ignored. */
class FakeStdin extends PassThrough {
  readonly isTTY = true
  setRawMode(): this {
    return this
  }
  ref(): this {
    return this
  }
  unref(): this {
    return this
  }
}

/** A terminal's output keeping the last frame written (debug mode writes each frame whole). */
class FakeStdout extends EventEmitter {
  readonly isTTY = true
  readonly columns = 40
  readonly rows = 30
  frames: string[] = []
  write(text: string): boolean {
    this.frames.push(text)
    return true
  }
  /** The last frame as plain text (writes that only switch terminal modes are skipped). */
  get last(): string {
    // eslint-disable-next-line no-control-regex -- reading plain text out of styled output
    const plain = this.frames.map((frame) => frame.replace(/\u001b\[[0-9;?]*[A-Za-z~]/g, ''))
    return plain.findLast((frame) => frame.trim() !== '') ?? ''
  }
}

let instance: Instance | undefined
afterEach(() => {
  instance?.unmount()
  instance = undefined
})

async function mount(props: Partial<InputBoxProps> = {}) {
  const history = await InputHistory.load(join(dir, `history-${++files}.jsonl`))
  const stdin = new FakeStdin()
  const stdout = new FakeStdout()
  const submitted: string[] = []
  const element = (extra: Partial<InputBoxProps>) => (
    <InputBox
      history={history}
      width={40}
      color={false}
      onSubmit={(text) => submitted.push(text)}
      {...props}
      {...extra}
    />
  )
  instance = render(element({}), {
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
    kittyKeyboard: { mode: 'disabled' },
  })
  // Each write is read before the next one, as separate key presses are.
  const type = async (text: string) => {
    stdin.write(text)
    await new Promise((resolve) => setImmediate(resolve))
  }
  const screen = async (expected: string) => vi.waitFor(() => expect(stdout.last.trimEnd()).toBe(expected))
  const rerender = (extra: Partial<InputBoxProps>) => instance?.rerender(element(extra))
  return { history, type, screen, submitted, stdout, rerender }
}

describe('InputBox', () => {
  it('edits, breaks lines with Alt-Enter and submits on Enter', async () => {
    const box = await mount()
    await box.type('helo')
    await box.screen('> helo▏')
    await box.type('\u001b[D')
    await box.type('l')
    await box.screen('> hell▏o')
    await box.type('\u0005')
    await box.type('\u001b\r')
    await box.type('world')
    await box.screen('> hello\n  world▏')
    await box.type('\r')
    await vi.waitFor(() => expect(box.submitted).toEqual(['hello\nworld']))
    await box.screen('> ▏')
    await vi.waitFor(() => expect(box.history.entries).toEqual(['hello\nworld']))
  })

  it('continues after a trailing backslash and does not submit blank text', async () => {
    const box = await mount()
    await box.type('a\\')
    await box.screen('> a\\▏')
    await box.type('\r')
    await box.screen('> a\n  ▏')
    await box.type('\r')
    await vi.waitFor(() => expect(box.submitted).toEqual(['a\n']))
    await box.type('   ')
    await box.screen('>    ▏')
    await box.type('\r')
    await box.type('x')
    await box.screen('>    x▏')
    expect(box.submitted).toEqual(['a\n'])
  })

  it('takes a bracketed paste whole, newlines included', async () => {
    const box = await mount()
    await box.type('\u001b[200~one\r\ntwo\r\u001b[201~')
    await box.screen('> one\n  two\n  ▏')
    expect(box.submitted).toEqual([])
  })

  it('walks the history with Up and Down, giving back the draft', async () => {
    const box = await mount()
    await box.history.add('first')
    await box.history.add('second')
    await box.type('draft')
    await box.screen('> draft▏')
    await box.type('\u001b[A')
    await box.screen('> second▏')
    await box.type('\u001b[A')
    await box.screen('> first▏')
    await box.type('\u001b[B')
    await box.screen('> second▏')
    await box.type('\u001b[B')
    await box.screen('> draft▏')
  })

  it('shows a large paste as its last rows under a line count', async () => {
    const box = await mount()
    const text = Array.from({ length: 100_000 }, (_, index) => `line ${index}`).join('\n')
    await box.type(`\u001b[200~${text}\u001b[201~`)
    const last = Array.from({ length: 9 }, (_, index) => `  line ${99_990 + index}`).join('\n')
    await box.screen(`(100000 lines)\n${last}\n  line 99999▏`)
  })

  it('shows the part of one very long line around the cursor under a note', async () => {
    const box = await mount()
    await box.type(`\u001b[200~${'x'.repeat(1000)}\u001b[201~`)
    const rows = Array.from({ length: 9 }, () => `  ${'x'.repeat(38)}`).join('\n')
    await box.screen(`(1 line)\n${rows}\n  x▏`)
  })

  it('shows the placeholder while empty and ignores keys while disabled', async () => {
    const box = await mount({ placeholder: 'Ask anything' })
    await box.screen('> ▏Ask anything')
    await box.type('x')
    await box.screen('> x▏')
    box.rerender({ disabled: true })
    await box.screen('> x')
    await box.type('y')
    await box.type('\r')
    box.rerender({ disabled: false })
    await box.type('z')
    await box.screen('> xz▏')
    expect(box.submitted).toEqual([])
  })
})
