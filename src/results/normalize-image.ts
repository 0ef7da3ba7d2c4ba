import type { default as SharpConstructor, Metadata, OutputInfo, SharpOptions } from 'sharp'
import { fillText, loadText } from '../text/model-text.js'
import { formatCount } from '../text/quantities.js'

/** Bounds for images given to the model. */
export interface ImageLimits {
  /** Longest side, in pixels, of an image as stored. */
  readonly maxLongSide: number
  /** Largest stored file, in bytes. */
  readonly maxBytes: number
  /** Largest input (width × height) that is decoded at all; guards against decompression bombs. */
  readonly maxInputPixels: number
}

/** The defaults of DESIGN §9: 1280 px, 1,000,000 bytes; inputs up to 100 megapixels. */
export const IMAGE_LIMITS: ImageLimits = { maxLongSide: 1280, maxBytes: 1_000_000, maxInputPixels: 100_000_000 }

/** An image ready to store, or why it cannot be used (a text for the model). */
export type NormalizedImage =
  | {
      readonly ok: true
      readonly bytes: Uint8Array
      readonly mimeType: string
      readonly width: number
      readonly height: number
      /** True when `bytes` is the input itself. */
      readonly unchanged: boolean
    }
  | { readonly ok: false; readonly problem: string }

/** JPEG qualities tried in order at full size... */
const JPEG_QUALITIES = [85, 75, 65, 55, 45] as const
/** ...then this one (the last of them) at ever smaller sizes. */
const LOWEST_QUALITY = 45
/** Each size step keeps this share of the long side... */
const SHRINK_FACTOR = 0.8
/** ...and none goes below this many pixels; an image still too large there is refused. */
const MIN_LONG_SIDE = 256

/** Formats models read as they are, by the format name sharp detects from the bytes. */
const KEPT_FORMATS: Readonly<Partial<Record<string, string>>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
}
/** Colour spaces kept as they are; CMYK and the like are converted, since viewers render them unreliably. */
const KEPT_SPACES: ReadonlySet<string> = new Set(['srgb', 'b-w', 'rgb16', 'grey16'])

type Sharp = typeof SharpConstructor
let sharpModule: Promise<Sharp> | undefined

/**
 * sharp, imported at the first image: it loads libvips, which a host that never sees an image
 * does not need. When sharp cannot load, every image throws its own error, as the import did.
 */
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((m) => m.default)
  return sharpModule
}

const texts = {
  undecodable: loadText(import.meta.url, 'texts/image-undecodable.txt'),
  tooManyPixels: loadText(import.meta.url, 'texts/image-too-many-pixels.txt'),
  tooLarge: loadText(import.meta.url, 'texts/image-too-large.txt'),
}

/**
 * Makes an image fit for a model. The format is detected from the bytes; the declared type only
 * appears in the problem text.
 *
 * Kept byte-identical, after a full decode proves them intact: PNG, JPEG and WebP that are
 * single-frame, upright (no EXIF rotation), RGB or grey, at most `maxLongSide` on the long side and
 * at most `maxBytes` long. Converted: anything else sharp decodes (GIF, TIFF, AVIF, SVG, larger or
 * rotated images, animations by their first frame) is turned upright, flattened on white, scaled to
 * fit `maxLongSide` (never enlarged) and encoded as JPEG at quality 85, then at lower qualities,
 * then smaller, until it fits `maxBytes`. BMP is not among the formats the prebuilt libvips reads,
 * so it is reported as undecodable.
 *
 * Bad input never throws: undecodable, truncated, too many pixels or never small enough give
 * `{ ok: false, problem }`. Errors decoding the input count as bad input; errors encoding (a broken
 * sharp build, no JPEG encoder) throw.
 */
export async function normalizeImage(
  bytes: Uint8Array,
  declaredMimeType?: string,
  limits: ImageLimits = IMAGE_LIMITS,
): Promise<NormalizedImage> {
  const sharp = await loadSharp()
  // 'error' rejects corrupt and truncated data but tolerates warnings common in camera files.
  const input: SharpOptions = { failOn: 'error', limitInputPixels: limits.maxInputPixels, pages: 1 }
  const undecodable = (error: unknown): NormalizedImage => ({
    ok: false,
    problem: fillText(texts.undecodable, { declared: declaredMimeType ?? 'none', detail: decoderMessage(error) }),
  })

  let meta: Metadata
  try {
    // Reading the header is cheap at any size; without sharp's own limit the problem can name the size.
    meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata()
  } catch (error) {
    return undecodable(error)
  }
  if (meta.width * meta.height > limits.maxInputPixels) {
    const problem = fillText(texts.tooManyPixels, {
      width: meta.width,
      height: meta.height,
      limit: formatCount(limits.maxInputPixels),
    })
    return { ok: false, problem }
  }

  const keptType = keptMimeType(meta, bytes.byteLength, limits)
  if (keptType) {
    try {
      await sharp(bytes, input).raw().toBuffer() // the header can be fine while the data is truncated
    } catch (error) {
      return undecodable(error)
    }
    return { ok: true, bytes, mimeType: keptType, width: meta.width, height: meta.height, unchanged: true }
  }

  let pixels: { data: Buffer; info: OutputInfo }
  try {
    pixels = await sharp(bytes, { ...input, autoOrient: true })
      .flatten({ background: '#ffffff' })
      .resize({ width: limits.maxLongSide, height: limits.maxLongSide, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
  } catch (error) {
    return undecodable(error)
  }
  return fitAsJpeg(sharp, pixels.data, pixels.info, limits)
}

/** The type to keep the bytes under, or undefined when the image must be converted. */
function keptMimeType(meta: Metadata, byteLength: number, limits: ImageLimits): string | undefined {
  const type = KEPT_FORMATS[meta.format]
  const fits = Math.max(meta.width, meta.height) <= limits.maxLongSide && byteLength <= limits.maxBytes
  const plain = (meta.pages ?? 1) === 1 && (meta.orientation ?? 1) === 1 && KEPT_SPACES.has(meta.space)
  return type && fits && plain ? type : undefined
}

/** Encodes decoded sRGB pixels as JPEG, lowering quality and then size until the file fits. */
async function fitAsJpeg(sharp: Sharp, data: Buffer, info: OutputInfo, limits: ImageLimits): Promise<NormalizedImage> {
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
  const encode = (width: number, height: number, quality: number): Promise<Buffer> => {
    const image = sharp(data, raw)
    if (width !== info.width || height !== info.height) image.resize({ width, height, fit: 'fill' })
    return image.jpeg({ quality }).toBuffer()
  }
  const found = (jpeg: Buffer, width: number, height: number): NormalizedImage => ({
    ok: true,
    bytes: jpeg,
    mimeType: 'image/jpeg',
    width,
    height,
    unchanged: false,
  })

  for (const quality of JPEG_QUALITIES) {
    const jpeg = await encode(info.width, info.height, quality)
    if (jpeg.byteLength <= limits.maxBytes) return found(jpeg, info.width, info.height)
  }
  let { width, height } = info
  const longSide = Math.max(info.width, info.height)
  for (let scale = SHRINK_FACTOR; longSide * scale >= MIN_LONG_SIDE; scale *= SHRINK_FACTOR) {
    width = Math.max(1, Math.round(info.width * scale))
    height = Math.max(1, Math.round(info.height * scale))
    const jpeg = await encode(width, height, LOWEST_QUALITY)
    if (jpeg.byteLength <= limits.maxBytes) return found(jpeg, width, height)
  }
  const problem = fillText(texts.tooLarge, {
    maxBytes: formatCount(limits.maxBytes),
    width,
    height,
    quality: LOWEST_QUALITY,
  })
  return { ok: false, problem }
}

/** The first line of a decoder error, short enough to show the model. */
function decoderMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const line = message.split('\n', 1)[0]?.trim() ?? ''
  return line.length > 200 ? `${line.slice(0, 199)}…` : line || 'unknown error'
}
