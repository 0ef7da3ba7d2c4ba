import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listFiles, useTempDir } from './__fixtures__/temp-dir.js'
import { extensionFor, storeFile } from './store-file.js'

const dir = useTempDir('store-file')
const owner = { invocationId: 'inv-1', round: 2, callId: 'call_1' }

describe('storeFile', () => {
  it('writes the bytes beside the call’s result files and describes them in one line', async () => {
    const bytes = new Uint8Array(2048).fill(7)
    const stored = await storeFile({ runDir: dir.path, ...owner, index: 1, bytes, mimeType: 'audio/wav' })
    const path = 'tool-results/inv-1/round-002-call_74196fe72e4cdc13-file-1.wav'
    expect(stored).toEqual({ path, note: `[Saved audio/wav (2 KiB) to ${path}]` })
    expect((await readFile(join(dir.path, path))).equals(Buffer.from(bytes))).toBe(true)
    expect(await listFiles(dir.path)).toEqual([path])
  })

  it('quotes the name the tool gives before the type, but keeps it out of the path', async () => {
    const stored = await storeFile({
      runDir: dir.path,
      ...owner,
      index: 3,
      bytes: new Uint8Array([1]),
      mimeType: 'application/pdf',
      name: '../report.pdf',
    })
    expect(stored.path).toBe('tool-results/inv-1/round-002-call_74196fe72e4cdc13-file-3.pdf')
    expect(stored.note).toBe(`[Saved "../report.pdf", application/pdf (1 byte) to ${stored.path}]`)
  })

  it('refuses positions below 1 and throws when the run directory cannot be written', async () => {
    const bytes = new Uint8Array([0])
    await expect(storeFile({ runDir: dir.path, ...owner, index: 0, bytes, mimeType: 'audio/wav' })).rejects.toThrow(
      RangeError,
    )
    const runDir = join(dir.path, 'not-a-folder')
    await writeFile(runDir, 'a file where the run folder should be')
    await expect(storeFile({ runDir, ...owner, index: 1, bytes, mimeType: 'audio/wav' })).rejects.toThrow(/ENOTDIR/)
  })
})

describe('extensionFor', () => {
  it('maps common types, ignores parameters and case, and falls back to bin', () => {
    expect(
      ['audio/mpeg', 'audio/ogg', 'application/pdf', 'application/json', 'text/plain; charset=utf-8', 'IMAGE/PNG'].map(
        extensionFor,
      ),
    ).toEqual(['mp3', 'ogg', 'pdf', 'json', 'txt', 'png'])
    expect(extensionFor('application/x-unknown')).toBe('bin')
    expect(extensionFor('')).toBe('bin')
  })
})
