import { fileToolLimits } from './limits.js'

/** What the first bytes of a file say about it. */
export type FileKind = { readonly binary: false } | { readonly binary: true; readonly type: string }

/** A signature: bytes (a latin1 string) expected at an offset, or several that must all match. */
type Signature = readonly [type: string, ...parts: ReadonlyArray<readonly [offset: number, bytes: string]>]

// Checked in order, so UTF-32 comes before UTF-16, whose BOM it starts with.
const signatures: readonly Signature[] = [
  ['UTF-32 LE text (this tool reads UTF-8)', [0, '\xff\xfe\0\0']],
  ['UTF-32 BE text (this tool reads UTF-8)', [0, '\0\0\xfe\xff']],
  ['UTF-16 LE text (this tool reads UTF-8)', [0, '\xff\xfe']],
  ['UTF-16 BE text (this tool reads UTF-8)', [0, '\xfe\xff']],
  ['PNG image', [0, '\x89PNG\r\n\x1a\n']],
  ['JPEG image', [0, '\xff\xd8\xff']],
  ['GIF image', [0, 'GIF8']],
  ['WebP image', [0, 'RIFF'], [8, 'WEBP']],
  ['WAV audio', [0, 'RIFF'], [8, 'WAVE']],
  ['AVI video', [0, 'RIFF'], [8, 'AVI ']],
  ['TIFF image', [0, 'II*\0']],
  ['TIFF image', [0, 'MM\0*']],
  ['ICO image', [0, '\0\0\x01\0']],
  ['BMP image', [0, 'BM']],
  ['PDF document', [0, '%PDF-']],
  ['ZIP archive (also .docx, .xlsx, .jar)', [0, 'PK\x03\x04']],
  ['ZIP archive (empty)', [0, 'PK\x05\x06']],
  ['gzip archive', [0, '\x1f\x8b']],
  ['bzip2 archive', [0, 'BZh']],
  ['xz archive', [0, '\xfd7zXZ\0']],
  ['Zstandard archive', [0, '(\xb5/\xfd']],
  ['7-Zip archive', [0, "7z\xbc\xaf'\x1c"]],
  ['RAR archive', [0, 'Rar!\x1a\x07']],
  ['tar archive', [257, 'ustar']],
  ['ELF executable', [0, '\x7fELF']],
  ['Mach-O executable', [0, '\xfe\xed\xfa\xce']],
  ['Mach-O executable', [0, '\xfe\xed\xfa\xcf']],
  ['Mach-O executable', [0, '\xce\xfa\xed\xfe']],
  ['Mach-O executable', [0, '\xcf\xfa\xed\xfe']],
  ['Java class file or Mach-O universal binary', [0, '\xca\xfe\xba\xbe']],
  ['Windows executable', [0, 'MZ']],
  ['WebAssembly module', [0, '\0asm']],
  ['SQLite database', [0, 'SQLite format 3\0']],
  ['MP3 audio', [0, 'ID3']],
  ['MP4/QuickTime media', [4, 'ftyp']],
  ['Ogg media', [0, 'OggS']],
  ['FLAC audio', [0, 'fLaC']],
  ['WOFF font', [0, 'wOFF']],
  ['WOFF2 font', [0, 'wOF2']],
  ['OpenType font', [0, 'OTTO']],
  ['TrueType font', [0, '\0\x01\0\0']],
]

/**
 * Tells text from binary by the first {@link fileToolLimits.sniffBytes} bytes: a NUL byte, bytes
 * that are not UTF-8 (a sequence cut by the end of the sample is fine) or a PDF header make a file
 * binary; its type is then named from its signature.
 */
export function detectFileKind(bytes: Uint8Array): FileKind {
  const sample = bytes.subarray(0, fileToolLimits.sniffBytes)
  const binary =
    sample.includes(0) || !isUtf8Prefix(sample, sample.length < bytes.length) || startsWith(sample, 0, '%PDF-')
  return binary ? { binary: true, type: fileType(sample) } : { binary: false }
}

/** The type a signature names, or `binary data` when none matches. */
export function fileType(sample: Uint8Array): string {
  const match = signatures.find(([, ...parts]) => parts.every(([offset, magic]) => startsWith(sample, offset, magic)))
  return match?.[0] ?? 'binary data'
}

function isUtf8Prefix(sample: Uint8Array, truncated: boolean): boolean {
  try {
    // Streaming mode keeps a sequence cut by the sample's end pending instead of failing on it.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: truncated })
    return true
  } catch {
    return false
  }
}

function startsWith(sample: Uint8Array, offset: number, magic: string): boolean {
  if (sample.length < offset + magic.length) return false
  for (let i = 0; i < magic.length; i++) {
    if (sample[offset + i] !== magic.charCodeAt(i)) return false
  }
  return true
}
