import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { gradient, halves, imageFile, noise, pixelAt, solid } from './__fixtures__/images.js'
import { useTempDir } from './__fixtures__/temp-dir.js'
import { IMAGE_LIMITS, normalizeImage } from './normalize-image.js'
import type { NormalizedImage } from './normalize-image.js'

const dir = useTempDir('images')

/** The successful outcome; fails the test with the problem otherwise. */
function used(result: NormalizedImage): Extract<NormalizedImage, { ok: true }> {
  if (!result.ok) throw new Error(`expected a usable image, got: ${result.problem}`)
  return result
}

/** The problem text; fails the test when the image was usable. */
function problemOf(result: NormalizedImage): string {
  if (result.ok) throw new Error(`expected a problem, got a ${result.width}×${result.height} ${result.mimeType}`)
  return result.problem
}

async function formatOf(bytes: Uint8Array): Promise<string> {
  return (await sharp(bytes).metadata()).format
}

/** Each channel of a pixel within `tolerance` of the expected one (JPEG is lossy). */
function expectColour(actual: number[], expected: number[], tolerance = 12): void {
  expect(actual).toHaveLength(expected.length)
  actual.forEach((value, channel) => expect(Math.abs(value - (expected[channel] ?? 0))).toBeLessThanOrEqual(tolerance))
}

describe('normalizeImage keeps what models read as it is', () => {
  it.each([
    ['png', 'image/png', gradient(300, 200).png()],
    ['jpg', 'image/jpeg', gradient(300, 200).jpeg()],
    ['webp', 'image/webp', gradient(300, 200).webp()],
  ])('keeps a small %s byte-identical', async (extension, mimeType, image) => {
    const bytes = await imageFile(dir.path, `small.${extension}`, image)
    const result = used(await normalizeImage(bytes, mimeType))
    expect(result).toMatchObject({ mimeType, width: 300, height: 200, unchanged: true })
    expect(Buffer.from(result.bytes).equals(bytes)).toBe(true)
  })

  it('keeps a PNG whose long side is exactly 1280 and one with alpha, but converts one at 1281', async () => {
    const at = await imageFile(dir.path, 'at.png', gradient(1280, 40).png())
    expect(used(await normalizeImage(at))).toMatchObject({ unchanged: true, width: 1280, height: 40 })
    const alpha = await imageFile(dir.path, 'alpha.png', solid(100, 50, { r: 255, g: 0, b: 0, alpha: 0.5 }).png())
    expect(Buffer.from(used(await normalizeImage(alpha)).bytes).equals(alpha)).toBe(true)
    const over = await imageFile(dir.path, 'over.png', gradient(40, 1281).png())
    expect(used(await normalizeImage(over))).toMatchObject({
      unchanged: false,
      mimeType: 'image/jpeg',
      width: 40,
      height: 1280,
    })
  })

  it('keeps a 16-bit PNG', async () => {
    const bytes = await imageFile(dir.path, 'deep.png', gradient(64, 32).toColourspace('rgb16').png())
    expect((await sharp(bytes).metadata()).depth).toBe('ushort')
    expect(used(await normalizeImage(bytes))).toMatchObject({ mimeType: 'image/png', unchanged: true })
  })

  it('trusts the bytes, not the declared type', async () => {
    const png = await imageFile(dir.path, 'liar.png', gradient(120, 80).png())
    const asPng = used(await normalizeImage(png, 'image/jpeg'))
    expect(asPng).toMatchObject({ mimeType: 'image/png', unchanged: true })
    const gif = await imageFile(dir.path, 'liar.gif', gradient(120, 80).gif())
    const asJpeg = used(await normalizeImage(gif, 'image/png'))
    expect(asJpeg).toMatchObject({ mimeType: 'image/jpeg', unchanged: false, width: 120, height: 80 })
    expect(await formatOf(asJpeg.bytes)).toBe('jpeg')
  })
})

describe('normalizeImage converts everything else to JPEG', () => {
  it('scales a 3000×2000 PNG to 1280 on the long side', async () => {
    const bytes = await imageFile(dir.path, 'big.png', gradient(3000, 2000).png())
    const result = used(await normalizeImage(bytes, 'image/png'))
    expect(result).toMatchObject({ mimeType: 'image/jpeg', width: 1280, height: 853, unchanged: false })
    expect(await sharp(result.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 853 })
  })

  it('never enlarges', async () => {
    const bytes = await imageFile(dir.path, 'tiny.tiff', gradient(30, 20).tiff())
    expect(used(await normalizeImage(bytes))).toMatchObject({ width: 30, height: 20, mimeType: 'image/jpeg' })
  })

  it('flattens transparency on white', async () => {
    const bytes = await imageFile(dir.path, 'alpha-big.png', solid(2000, 1000, { r: 0, g: 0, b: 0, alpha: 0 }).png())
    const result = used(await normalizeImage(bytes))
    expect(result).toMatchObject({ width: 1280, height: 640, mimeType: 'image/jpeg' })
    expect((await sharp(result.bytes).metadata()).hasAlpha).toBe(false)
    expectColour(await pixelAt(result.bytes, 10, 10), [255, 255, 255], 2)
  })

  it('blends half-transparent pixels with white', async () => {
    const bytes = await imageFile(
      dir.path,
      'half.webp',
      solid(1500, 100, { r: 255, g: 0, b: 0, alpha: 0.5 }).webp({ lossless: true }),
    )
    const result = used(await normalizeImage(bytes))
    expectColour(await pixelAt(result.bytes, 50, 30), [255, 128, 128])
  })

  it.each([
    ['gif', solid(160, 90, 'blue').gif()],
    ['tiff', solid(160, 90, 'blue').tiff()],
    ['avif', solid(160, 90, 'blue').avif()],
  ])('converts %s', async (extension, image) => {
    const bytes = await imageFile(dir.path, `image.${extension}`, image)
    const result = used(await normalizeImage(bytes, `image/${extension}`))
    expect(result).toMatchObject({ mimeType: 'image/jpeg', width: 160, height: 90, unchanged: false })
    expect(await formatOf(result.bytes)).toBe('jpeg')
    expectColour(await pixelAt(result.bytes, 80, 45), [0, 0, 255], 16)
  })

  it('renders SVG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#00ff00"/></svg>',
    )
    const result = used(await normalizeImage(svg, 'image/svg+xml'))
    expect(result).toMatchObject({ mimeType: 'image/jpeg', width: 200, height: 100 })
    expectColour(await pixelAt(result.bytes, 100, 50), [0, 255, 0])
  })

  it('uses the first frame of an animation', async () => {
    const frames = await Promise.all([solid(40, 30, 'red').png().toBuffer(), solid(40, 30, 'blue').png().toBuffer()])
    for (const [extension, image] of [
      ['gif', sharp(frames, { join: { animated: true } }).gif()],
      ['webp', sharp(frames, { join: { animated: true } }).webp()],
    ] as const) {
      const bytes = await imageFile(dir.path, `animated.${extension}`, image)
      expect((await sharp(bytes).metadata()).pages).toBe(2)
      const result = used(await normalizeImage(bytes))
      expect(result).toMatchObject({ mimeType: 'image/jpeg', width: 40, height: 30 })
      expectColour(await pixelAt(result.bytes, 20, 15), [255, 0, 0], 16)
    }
  })

  it('converts a CMYK JPEG to RGB', async () => {
    const bytes = await imageFile(dir.path, 'cmyk.jpg', solid(100, 50, 'red').toColourspace('cmyk').jpeg())
    const result = used(await normalizeImage(bytes, 'image/jpeg'))
    expect(result.unchanged).toBe(false)
    expect((await sharp(result.bytes).metadata()).space).toBe('srgb')
  })

  it('turns an EXIF-rotated JPEG upright', async () => {
    // Stored 200×100, red left and blue right; orientation 6 displays it turned 90° clockwise.
    const bytes = await imageFile(
      dir.path,
      'rotated.jpg',
      halves(200, 100, 'red', 'blue').jpeg().withMetadata({ orientation: 6 }),
    )
    const result = used(await normalizeImage(bytes, 'image/jpeg'))
    expect(result).toMatchObject({ mimeType: 'image/jpeg', width: 100, height: 200, unchanged: false })
    expect((await sharp(result.bytes).metadata()).orientation ?? 1).toBe(1)
    expectColour(await pixelAt(result.bytes, 50, 20), [255, 0, 0], 40)
    expectColour(await pixelAt(result.bytes, 50, 180), [0, 0, 255], 40)
  })

  it('lowers the quality of a noisy image until it fits 1,000,000 bytes', async () => {
    const bytes = await imageFile(dir.path, 'noise.png', noise(1280, 1280).png())
    expect(bytes.byteLength).toBeGreaterThan(IMAGE_LIMITS.maxBytes)
    const atDefaultQuality = await sharp(bytes).jpeg({ quality: 85 }).toBuffer()
    expect(atDefaultQuality.byteLength).toBeGreaterThan(IMAGE_LIMITS.maxBytes)
    const result = used(await normalizeImage(bytes))
    expect(result).toMatchObject({ mimeType: 'image/jpeg', width: 1280, height: 1280 })
    expect(result.bytes.byteLength).toBeLessThanOrEqual(IMAGE_LIMITS.maxBytes)
  })

  it('reduces the size once the lowest quality is not enough', async () => {
    const bytes = await imageFile(dir.path, 'noise-small-limit.png', noise(1000, 500).png())
    const result = used(await normalizeImage(bytes, undefined, { ...IMAGE_LIMITS, maxBytes: 150_000 }))
    expect(result.width).toBeLessThan(1000)
    expect(result.width / result.height).toBeCloseTo(2, 1)
    expect(result.bytes.byteLength).toBeLessThanOrEqual(150_000)
  })

  it('gives up on an image that never fits', async () => {
    const bytes = await imageFile(dir.path, 'noise-never.png', noise(600, 400).png())
    expect(problemOf(await normalizeImage(bytes, undefined, { ...IMAGE_LIMITS, maxBytes: 2_000 }))).toBe(
      'it stays over 2,000 bytes even as a 307×205 JPEG at quality 45.',
    )
  })
})

describe('normalizeImage reports bad input instead of throwing', () => {
  it('refuses bytes that are no image, naming the declared type', async () => {
    const problem = problemOf(await normalizeImage(new TextEncoder().encode('{"error":"not an image"}'), 'image/png'))
    expect(problem).toBe(
      'its data could not be decoded as an image (declared type: image/png; decoder: Input buffer contains unsupported image format).',
    )
    expect(problemOf(await normalizeImage(new Uint8Array(0)))).toMatch(
      /^its data could not be decoded as an image \(declared type: none; /,
    )
  })

  it('refuses a truncated PNG and a truncated JPEG', async () => {
    const png = await imageFile(dir.path, 'whole.png', gradient(400, 300).png())
    expect(problemOf(await normalizeImage(png.subarray(0, Math.floor(png.length / 2)), 'image/png'))).toMatch(
      /could not be decoded/,
    )
    const jpeg = await imageFile(dir.path, 'whole.jpg', gradient(400, 300).jpeg())
    expect(problemOf(await normalizeImage(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'))).toMatch(
      /could not be decoded/,
    )
  })

  it('refuses more pixels than the limit before decoding them', async () => {
    const bytes = await imageFile(dir.path, 'many.png', gradient(100, 50).png())
    expect(problemOf(await normalizeImage(bytes, undefined, { ...IMAGE_LIMITS, maxInputPixels: 4_999 }))).toBe(
      'it has 100×50 pixels, more than the 4,999 pixels that are accepted.',
    )
  })
})
