import { describe, expect, it } from 'vitest'
import { detectFileKind } from './binary-detection.js'

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))))

describe('detectFileKind', () => {
  it('takes UTF-8 without NUL bytes as text', () => {
    expect(detectFileKind(Buffer.from('plain ascii\n'))).toEqual({ binary: false })
    expect(detectFileKind(Buffer.from('ünïcödé ✓ 😀\n'))).toEqual({ binary: false })
    expect(detectFileKind(Buffer.from(''))).toEqual({ binary: false })
    // MZ at the start of a text file is just text.
    expect(detectFileKind(Buffer.from('MZ notes\n'))).toEqual({ binary: false })
  })

  it('only looks at the first 8 KiB, where a cut multi-byte character is fine', () => {
    expect(detectFileKind(Buffer.concat([Buffer.from('x'.repeat(9_000)), Buffer.from([0])]))).toEqual({ binary: false })
    expect(detectFileKind(Buffer.from('€'.repeat(3_000)))).toEqual({ binary: false })
    // A cut sequence at the very end of a whole file is invalid.
    expect(detectFileKind(Buffer.from('€').subarray(0, 2))).toMatchObject({ binary: true })
  })

  it('names the type of binary files from their signature', () => {
    expect(detectFileKind(bytes('\x89PNG\r\n\x1a\n', [0, 0, 0, 13]))).toEqual({ binary: true, type: 'PNG image' })
    expect(detectFileKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ binary: true, type: 'JPEG image' })
    expect(detectFileKind(bytes('RIFF', [1, 0, 0, 0], 'WEBPVP8 '))).toEqual({ binary: true, type: 'WebP image' })
    expect(detectFileKind(bytes('PK\x03\x04', [20, 0, 0, 0]))).toMatchObject({
      type: 'ZIP archive (also .docx, .xlsx, .jar)',
    })
    expect(detectFileKind(bytes('\x7fELF', [2, 1, 1, 0]))).toEqual({ binary: true, type: 'ELF executable' })
    expect(detectFileKind(bytes('SQLite format 3\0'))).toEqual({ binary: true, type: 'SQLite database' })
    expect(detectFileKind(bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'))).toEqual({ binary: true, type: 'PDF document' })
    expect(detectFileKind(bytes([0xff, 0xfe], 'h\0i\0'))).toEqual({
      binary: true,
      type: 'UTF-16 LE text (this tool reads UTF-8)',
    })
    expect(detectFileKind(bytes('x'.repeat(257), 'ustar\x0000', [0]))).toEqual({ binary: true, type: 'tar archive' })
    expect(detectFileKind(bytes('caf\xe9'))).toEqual({ binary: true, type: 'binary data' })
  })
})
