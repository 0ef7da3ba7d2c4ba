import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import type { Sharp } from 'sharp'

/** Writes an image built with sharp to `dir/name` and returns the file's bytes. */
export async function imageFile(dir: string, name: string, image: Sharp): Promise<Buffer> {
  const path = join(dir, name)
  await image.toFile(path)
  return readFile(path)
}

/** A solid image of one colour. */
export function solid(
  width: number,
  height: number,
  background: string | { r: number; g: number; b: number; alpha?: number },
): Sharp {
  const channels = typeof background === 'object' && background.alpha !== undefined ? 4 : 3
  return sharp({ create: { width, height, channels, background } })
}

/** A smooth two-colour gradient, so lossy encoders produce realistic, small files. */
export function gradient(width: number, height: number): Sharp {
  const data = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3
      data[offset] = Math.round((255 * x) / width)
      data[offset + 1] = Math.round((255 * y) / height)
      data[offset + 2] = 128
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
}

/** Random pixels, which no encoder can compress well. */
export function noise(width: number, height: number): Sharp {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
}

/** Left half `left`, right half `right`, to tell orientation after a rotation. */
export function halves(width: number, height: number, left: string, right: string): Sharp {
  const half = Math.floor(width / 2)
  return sharp({ create: { width, height, channels: 3, background: right } }).composite([
    { input: { create: { width: half, height, channels: 3, background: left } }, left: 0, top: 0 },
  ])
}

/** The RGB(A) values of one pixel of an encoded image. */
export async function pixelAt(bytes: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
  const offset = (y * info.width + x) * info.channels
  return [...data.subarray(offset, offset + info.channels)]
}
