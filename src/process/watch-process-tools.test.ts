import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { specDir } from './__fixtures__/process-fixtures.js'
import type { ProcessToolsLoad } from './load-process-tools.js'
import { watchProcessTools } from './watch-process-tools.js'

const spec = (name: string) => `name: ${name}\ndescription: Tool ${name}.\ncommand: [sh, -c, 'true']\n`
const idsOf = (load: ProcessToolsLoad | undefined) => load?.tools.map((tool) => tool.id) ?? []

// File events and the debounce take a moment; a busy machine gets several seconds.
const until = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 })

let close: (() => void) | undefined
afterEach(() => close?.())

/** Watches `dirs`; `latest()` is the most recent load. */
function watching(dirs: string[]) {
  const loads: ProcessToolsLoad[] = []
  close = watchProcessTools(dirs, (load) => loads.push(load), { debounceMs: 30, retryMs: 100 })
  return { loads, latest: () => loads.at(-1) }
}

describe('watchProcessTools', () => {
  it('loads at once, then again when a spec is added, broken or fixed', async () => {
    const dir = await specDir()
    await writeFile(join(dir.path, 'one.yaml'), spec('one'))
    const { latest } = watching([dir.path])
    await until(() => expect(idsOf(latest())).toEqual(['process/one:one']))

    await writeFile(join(dir.path, 'two.yaml'), spec('two'))
    await until(() => expect(idsOf(latest())).toEqual(['process/one:one', 'process/two:two']))

    await writeFile(join(dir.path, 'three.yaml'), 'name: three\ndescription: [not, text]\ncommand: [sh]\n')
    await until(() =>
      expect(latest()?.diagnostics.map((d) => d.message)).toEqual([
        `${join(dir.path, 'three.yaml')}:2: description must be a non-empty text (got a list)`,
      ]),
    )
    expect(idsOf(latest())).toEqual(['process/one:one', 'process/two:two'])

    await writeFile(join(dir.path, 'three.yaml'), spec('three'))
    await until(() => expect(idsOf(latest())).toEqual(['process/one:one', 'process/three:three', 'process/two:two']))
    expect(latest()?.diagnostics).toEqual([])

    await rm(join(dir.path, 'one.yaml'))
    await until(() => expect(idsOf(latest())).toEqual(['process/three:three', 'process/two:two']))
  })

  it('watches a directory that appears later, or is replaced', async () => {
    const parent = await specDir()
    const dir = join(parent.path, 'tools')
    const { latest } = watching([dir])
    await until(() => expect(latest()).toMatchObject({ tools: [], diagnostics: [] }))

    await mkdir(dir)
    await writeFile(join(dir, 'late.yaml'), spec('late'))
    await until(() => expect(idsOf(latest())).toEqual(['process/late:late']))

    await rm(dir, { recursive: true })
    await mkdir(dir)
    await writeFile(join(dir, 'again.yaml'), spec('again'))
    await until(() => expect(idsOf(latest())).toEqual(['process/again:again']))
    await writeFile(join(dir, 'more.yaml'), spec('more'))
    await until(() => expect(idsOf(latest())).toEqual(['process/again:again', 'process/more:more']))
  })

  it('stops calling back once closed, and reports what the callback throws', async () => {
    const dir = await specDir()
    const onError = vi.fn()
    let calls = 0
    const stop = watchProcessTools(
      [dir.path],
      () => {
        calls += 1
        throw new Error('callback failed')
      },
      { debounceMs: 30, onError },
    )
    await until(() => expect(onError).toHaveBeenCalledWith(new Error('callback failed')))
    stop()
    // A second watcher of the folder witnesses the change; its longer debounce lets the closed one
    // (30 ms) go first, were it still watching.
    const loads: ProcessToolsLoad[] = []
    close = watchProcessTools([dir.path], (load) => loads.push(load), { debounceMs: 300 })
    await until(() => expect(loads).toHaveLength(1))
    await writeFile(join(dir.path, 'after.yaml'), spec('after'))
    await until(() => expect(idsOf(loads.at(-1))).toEqual(['process/after:after']))
    expect(calls).toBe(1)
  })
})
