import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { tempDir } from '../../../test/temp-dir.js'
import { testCallContext } from '../../../test/call-context.js'
import { processesWith, untilNoProcessWith } from '../system/shell/__fixtures__/host-processes.js'
import { describeWithSandbox, setup } from '../system/shell/__fixtures__/system-setup.js'
import { failureOf, resetRepl, runCode } from './__fixtures__/repl-calls.js'

describeWithSandbox('repl.run keeps JavaScript state across calls', () => {
  const { ctx } = setup()

  it('keeps variables, functions and required modules', async () => {
    expect((await runCode(ctx, 'javascript', "let count = 41; const fs = require('node:fs')")).content).toBe(
      '(no output)',
    )
    expect((await runCode(ctx, 'javascript', 'function twice(n) { return n * 2 }\ncount + 1')).content).toBe('42')
    const output = await runCode(
      ctx,
      'javascript',
      "fs.writeFileSync('out.txt', String(twice(count)))\nfs.readFileSync('out.txt', 'utf8')",
    )
    expect(output.content).toBe("'82'")
    expect(output.structured).toMatchObject({ language: 'javascript', value: "'82'", outputCut: false })
  })

  it('shows printed output in order, then the value, and awaits at the top level', async () => {
    const output = await runCode(
      ctx,
      'javascript',
      "console.log('one'); console.error('two'); process.stdout.write('three')\nawait Promise.resolve({ a: [1, 2] })",
    )
    expect(output.content).toBe('one\ntwo\nthree\n{ a: [ 1, 2 ] }')
  })

  it('ends a call with an error its timer throws while it awaits, without domain details', async () => {
    const failure = await failureOf(
      runCode(
        ctx,
        'javascript',
        "setTimeout(() => { throw new Error('late') }, 0)\nawait new Promise((resolve) => setTimeout(resolve, 50))",
      ),
    )
    expect(failure.code).toBe('repl.error')
    expect(failure.message).toMatch(/^Error: late\n\s+at Timeout\._onTimeout \(repl:1:\d+\)[^]*\n\nThe code raised/)
    expect(failure.message).not.toContain('domain')
    expect((await runCode(ctx, 'javascript', 'count')).content).toBe('41')
  })

  it('gives an exception as a recoverable error with the stack, and keeps the state', async () => {
    const failure = await failureOf(
      runCode(ctx, 'javascript', "console.log('before')\nfunction fail() { throw new TypeError('bad input') }\nfail()"),
    )
    expect(failure.code).toBe('repl.error')
    expect(failure.message).toMatch(/^before\n\nTypeError: bad input\n\s+at fail \(repl:2:/)
    expect(failure.message).toContain('state (variables, functions, imports) is kept')
    expect((await runCode(ctx, 'javascript', 'count')).content).toBe('41')
  })
})

describeWithSandbox('repl.run keeps Python state across calls', () => {
  const { ctx, root } = setup()

  it('keeps variables, imports and functions, and shows the repr of a final expression', async () => {
    expect(
      (await runCode(ctx, 'python', 'import math\nradius = 2\ndef area(r):\n    return math.pi * r * r')).content,
    ).toBe('(no output)')
    expect((await runCode(ctx, 'python', 'round(area(radius), 3)')).content).toBe('12.566')
    expect((await runCode(ctx, 'python', "'text'")).content).toBe("'text'")
    expect((await runCode(ctx, 'python', 'None')).content).toBe('(no output)')
  })

  it('shows printed output in order with the value, and runs in the workspace root', async () => {
    const output = await runCode(
      ctx,
      'python',
      "import os, sys\nprint('one')\nprint('two', file=sys.stderr)\nos.system('echo three')\nos.getcwd() == " +
        JSON.stringify(root),
    )
    expect(output.content).toBe('one\ntwo\nthree\nTrue')
  })

  it('gives an exception as a recoverable error with the traceback, and keeps the state', async () => {
    const failure = await failureOf(runCode(ctx, 'python', "def fail():\n    raise ValueError('bad input')\nfail()"))
    expect(failure.code).toBe('repl.error')
    expect(failure.message).toMatch(
      /^Traceback \(most recent call last\):\n {2}File "<repl \d+>", line 3, in <module>\n.*ValueError: bad input\n\nThe code raised an error/s,
    )
    expect(failure.message).not.toContain('_run')
    expect((await runCode(ctx, 'python', 'radius')).content).toBe('2')
  })

  it('is not confused by output that looks like the protocol', async () => {
    const fake = '\n--repl-00000000000000000000000000000000-- {"value": "forged"}\n'
    const printed = `print(${JSON.stringify(fake)})\nprint('{"value": "x"}')\n7`
    expect((await runCode(ctx, 'python', printed)).content).toBe(`${fake}\n{"value": "x"}\n7`)
    const js = await runCode(ctx, 'javascript', `process.stdout.write(${JSON.stringify(fake)}); 'done'`)
    expect(js.content).toBe(`${fake}'done'`)
  })

  it('gives code an empty stdin, so that it cannot read the requests', async () => {
    const failure = await failureOf(runCode(ctx, 'python', 'input()'))
    expect(failure.message).toContain('EOFError')
    expect((await runCode(ctx, 'python', 'radius')).content).toBe('2')
  })
})

describeWithSandbox('repl.run stays in the sandbox and within its limits', () => {
  const outside = tempDir('toolhost-repl-outside-')

  it('fails writes outside the workspace', async () => {
    const { ctx } = setup()
    const target = join(outside, 'escaped.txt')
    const python = await failureOf(runCode(ctx, 'python', `open(${JSON.stringify(target)}, 'w')`))
    expect(python.message).toMatch(/OSError|PermissionError|FileNotFoundError/)
    const js = await failureOf(
      runCode(ctx, 'javascript', `require('node:fs').writeFileSync(${JSON.stringify(target)}, 'x')`),
    )
    expect(js.message).toMatch(/EROFS|ENOENT|EACCES/)
    const etc = await failureOf(runCode(ctx, 'python', "open('/etc/toolhost-escaped', 'w')"))
    expect(etc.message).toContain('Read-only file system')
    expect(existsSync(target)).toBe(false)
    expect(existsSync('/etc/toolhost-escaped')).toBe(false)
  })

  it('stops an endless loop at its time limit, with nothing left running, and starts fresh after', async () => {
    const { ctx, root } = setup()
    await runCode(ctx, 'python', 'kept = 1')
    const failure = await failureOf(
      runCode(
        ctx,
        'python',
        "import subprocess\nchild = subprocess.Popen(['sleep', '987911'])\nprint('looping', flush=True)\nwhile True: pass",
        1000,
      ),
    )
    expect(failure.code).toBe('repl.timeout')
    expect(failure.message).toContain('did not finish within 1 s')
    expect(failure.message).toContain('state is lost')
    expect(failure.message).toMatch(/Output so far:\nlooping\n$/)
    // The sandbox is gone; the kernel finishes off what ran in its namespace on its own time.
    await untilNoProcessWith('sleep 987911')
    await untilNoProcessWith(root)
    const fresh = await failureOf(runCode(ctx, 'python', 'kept'))
    expect(fresh.message).toContain("NameError: name 'kept' is not defined")
  })

  it('contains memory exhaustion: a Python MemoryError keeps the state, a JavaScript crash loses it', async () => {
    const { ctx } = setup({ memoryMb: 1024 })
    await runCode(ctx, 'python', 'kept = 1')
    const python = await failureOf(runCode(ctx, 'python', 'block = bytearray(2 * 1024 ** 3)'))
    expect(python.message).toContain('MemoryError')
    expect((await runCode(ctx, 'python', 'kept')).content).toBe('1')
    await runCode(ctx, 'javascript', 'var kept = 1')
    const js = await failureOf(
      runCode(ctx, 'javascript', 'const blocks = []; while (true) blocks.push(new Array(1 << 20).fill(1.5))'),
    )
    expect(js.code).toBe('repl.process_ended')
    expect(js.message).toContain('state is lost')
    expect((await runCode(ctx, 'javascript', 'typeof kept')).content).toBe("'undefined'")
  })

  it('cuts long output with a note and keeps the value', async () => {
    const { ctx } = setup()
    const output = await runCode(ctx, 'python', "print('x' * (3 * 1024 * 1024))\n5")
    expect(output.content.startsWith('x'.repeat(1024 * 1024))).toBe(true)
    expect(output.content.slice(1024 * 1024)).toBe(
      '\n[Output cut: the call wrote 3.0 MiB; the first 1 MiB are shown.]\n5',
    )
    expect(output.structured).toMatchObject({ outputCut: true, value: '5' })
  })
})

describeWithSandbox('repl.reset and the run end stop the REPLs', () => {
  it('repl.reset clears the state of one language or both', async () => {
    const { ctx } = setup()
    await runCode(ctx, 'python', 'kept = 1')
    await runCode(ctx, 'javascript', 'var kept = 1')
    expect((await resetRepl(ctx, 'python')).content).toContain('Stopped the python REPL')
    expect((await failureOf(runCode(ctx, 'python', 'kept'))).message).toContain('NameError')
    expect((await runCode(ctx, 'javascript', 'kept')).content).toBe('1')
    const both = await resetRepl(ctx)
    expect(both.structured).toEqual({ languages: ['javascript', 'python'], stopped: ['javascript', 'python'] })
    expect((await resetRepl(ctx)).content).toContain('No javascript or python REPL was running')
    expect((await runCode(ctx, 'javascript', 'typeof kept')).content).toBe("'undefined'")
  })

  it('stops the REPL when the run is cancelled', async () => {
    const { ctx, root } = setup()
    await runCode(ctx, 'python', 'kept = 1')
    const controller = new AbortController()
    const call = runCode({ ...ctx, signal: controller.signal }, 'python', 'while True: pass')
    controller.abort()
    const failure = await failureOf(call)
    expect(failure.code).toBe('repl.cancelled')
    await untilNoProcessWith(root)
    expect((await failureOf(runCode(ctx, 'python', 'kept'))).message).toContain('NameError')
  })

  it('stops the REPLs of every run below a data directory when the host closes', async () => {
    const { ctx, root, dataDir } = setup()
    await runCode(ctx, 'javascript', '1')
    expect(processesWith(root).length).toBeGreaterThan(0)
    const { stopBackgroundCommandsIn } = await import('../background/background-commands.js')
    await stopBackgroundCommandsIn(dataDir)
    await untilNoProcessWith(root)
  })

  it("stops the run's REPL processes when the run ends", async () => {
    const { ctx, root, runDir } = setup()
    await runCode(ctx, 'python', 'kept = 1')
    await runCode(ctx, 'javascript', 'var kept = 1')
    expect(processesWith(root).length).toBeGreaterThan(0)
    const { stopBackgroundCommands } = await import('../background/background-commands.js')
    await stopBackgroundCommands(runDir)
    await untilNoProcessWith(root)
    expect((await failureOf(runCode(ctx, 'python', 'kept'))).message).toContain('NameError')
  })
})

it('refuses a call outside a run, which has nowhere to keep the state', async () => {
  const failure = await failureOf(runCode(testCallContext(), 'python', '1'))
  expect(failure.code).toBe('repl.unavailable')
  expect(failure.message).toContain('needs a run')
})
