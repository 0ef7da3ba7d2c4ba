import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listFiles, useTempDir } from './__fixtures__/temp-dir.js'
import { storeImage } from './store-image.js'

const dir = useTempDir('store')
const owner = { invocationId: 'inv-1', round: 2, callId: 'call_1' }

describe('storeImage', () => {
  it('writes the bytes beside the call’s result files and returns the workspace path', async () => {
    const bytes = new Uint8Array([1, 2, 3])
    const stored = await storeImage({ runDir: dir.path, ...owner, index: 2, bytes, mimeType: 'image/jpeg' })
    expect(stored).toEqual({
      path: 'tool-results/inv-1/round-002-call_74196fe72e4cdc13-image-2.jpg',
      mimeType: 'image/jpeg',
    })
    expect([...(await readFile(join(dir.path, stored.path)))]).toEqual([1, 2, 3])
    expect(await listFiles(dir.path)).toEqual([stored.path])
  })

  it('names PNG and WebP by their extensions', async () => {
    const bytes = new Uint8Array([0])
    const png = await storeImage({ runDir: dir.path, ...owner, index: 1, bytes, mimeType: 'image/png' })
    const webp = await storeImage({ runDir: dir.path, ...owner, index: 3, bytes, mimeType: 'image/webp' })
    expect([png.path, webp.path]).toEqual([
      'tool-results/inv-1/round-002-call_74196fe72e4cdc13-image-1.png',
      'tool-results/inv-1/round-002-call_74196fe72e4cdc13-image-3.webp',
    ])
  })

  it('refuses types that normalization never produces and positions below 1', async () => {
    const bytes = new Uint8Array([0])
    await expect(storeImage({ runDir: dir.path, ...owner, index: 1, bytes, mimeType: 'image/gif' })).rejects.toThrow(
      /normalize it first/,
    )
    await expect(storeImage({ runDir: dir.path, ...owner, index: 0, bytes, mimeType: 'image/png' })).rejects.toThrow(
      RangeError,
    )
  })

  it('throws when the run directory cannot be written', async () => {
    const runDir = join(dir.path, 'not-a-folder')
    await writeFile(runDir, 'a file where the run folder should be')
    await expect(
      storeImage({ runDir, ...owner, index: 1, bytes: new Uint8Array([0]), mimeType: 'image/png' }),
    ).rejects.toThrow(/ENOTDIR/)
  })
})
