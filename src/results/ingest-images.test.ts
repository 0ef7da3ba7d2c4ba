import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { gradient, imageFile, noise, solid } from './__fixtures__/images.js'
import { listFiles, useTempDir } from './__fixtures__/temp-dir.js'
import { ingestImages } from './ingest-images.js'

const dir = useTempDir('ingest')
const where = (): { runDir: string; invocationId: string; round: number; callId: string } => ({
  runDir: dir.path,
  invocationId: 'inv-1',
  round: 1,
  callId: 'call_1',
})
const stem = 'tool-results/inv-1/round-001-call_74196fe72e4cdc13'

describe('ingestImages', () => {
  it('stores usable images in order and notes the others at the end, numbered by position', async () => {
    const png = await imageFile(dir.path, 'a.png', gradient(200, 100).png())
    const gif = await imageFile(dir.path, 'b.gif', solid(50, 40, 'red').gif())
    const truncated = png.subarray(0, 100)
    const text = new TextEncoder().encode('not an image')
    const result = await ingestImages(
      [
        { bytes: png, mimeType: 'image/png' },
        { bytes: truncated, mimeType: 'image/png' },
        { bytes: gif },
        { bytes: text, mimeType: 'image/jpeg' },
      ],
      where(),
    )
    expect(result.images).toEqual([
      { path: `${stem}-image-1.png`, mimeType: 'image/png' },
      { path: `${stem}-image-3.jpg`, mimeType: 'image/jpeg' },
    ])
    const lines = result.note?.split('\n') ?? []
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(
      /^\[Image 2 could not be used: its data could not be decoded as an image \(declared type: image\/png; decoder: .+\)\.\]$/,
    )
    expect(lines[1]).toBe(
      '[Image 4 could not be used: its data could not be decoded as an image (declared type: image/jpeg; decoder: Input buffer contains unsupported image format).]',
    )
    expect(Buffer.from(await readFile(join(dir.path, `${stem}-image-1.png`))).equals(png)).toBe(true)
    expect((await sharp(join(dir.path, `${stem}-image-3.jpg`)).metadata()).format).toBe('jpeg')
    const written = (await listFiles(dir.path)).filter((path) => path.startsWith('tool-results/'))
    expect(written).toEqual([`${stem}-image-1.png`, `${stem}-image-3.jpg`])
  })

  it('has no note when every image is usable, and nothing to do for none', async () => {
    const jpeg = await imageFile(dir.path, 'c.jpg', noise(64, 64).jpeg())
    expect(await ingestImages([{ bytes: jpeg }], where())).toEqual({
      images: [{ path: `${stem}-image-1.jpg`, mimeType: 'image/jpeg' }],
    })
    expect(await ingestImages([], where())).toEqual({ images: [] })
  })
})
