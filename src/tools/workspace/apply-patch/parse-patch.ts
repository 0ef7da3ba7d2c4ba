import { invalidPatch } from './patch-errors.js'

/** One line of a hunk: context (` `), removed (`-`) or added (`+`). */
export interface HunkLine {
  readonly op: ' ' | '-' | '+'
  readonly text: string
}

/** One `@@` hunk of an `*** Update File:` section. */
export interface PatchHunk {
  /** Texts of the `@@ <anchor>` headers, each found in order before the hunk's lines. */
  readonly anchors: readonly string[]
  readonly lines: readonly HunkLine[]
  /** True when `*** End of File` closes the hunk: its last line must be the file's last line. */
  readonly endOfFile: boolean
  /** 1-based line in the patch where the hunk starts, for messages. */
  readonly patchLine: number
}

/** One file operation of a patch, in patch order. `patchLine` is where its marker stands (1-based). */
export type PatchOperation =
  | { readonly kind: 'add'; readonly path: string; readonly lines: readonly string[]; readonly patchLine: number }
  | { readonly kind: 'delete'; readonly path: string; readonly patchLine: number }
  | {
      readonly kind: 'update'
      readonly path: string
      readonly moveTo?: string
      readonly hunks: readonly PatchHunk[]
      readonly patchLine: number
    }

type Marker = 'Begin Patch' | 'End Patch' | 'Add File' | 'Delete File' | 'Update File' | 'Move to' | 'End of File'

const markerPattern = /^\*\*\*\s*(Begin Patch|End Patch|Add File:|Delete File:|Update File:|Move to:|End of File)(.*)$/
const withPath = new Set<Marker>(['Add File', 'Delete File', 'Update File', 'Move to'])
const fileMarkers = new Set<Marker>(['Add File', 'Delete File', 'Update File', 'End Patch'])
const validMarkers = '*** Add File: <path>, *** Delete File: <path>, *** Update File: <path> or *** End Patch'
// A unified-diff style header (`@@ -12,5 +12,6 @@ optional text`); the numbers are ignored.
const unifiedHeader = /^@@\s*-\d+(?:,\d+)?\s+\+\d+(?:,\d+)?\s*@@(.*)$/

/** The lines that the hunk expects in the file now: context and removed lines. */
export function oldLines(hunk: PatchHunk): string[] {
  return hunk.lines.filter((line) => line.op !== '+').map((line) => line.text)
}

/** The lines the hunk leaves in their place: context and added lines. */
export function newLines(hunk: PatchHunk): string[] {
  return hunk.lines.filter((line) => line.op !== '-').map((line) => line.text)
}

/**
 * Parses `*** Begin Patch` text into operations. Markers and `@@` headers may be padded with
 * whitespace, the patch may use CRLF, and a `<<'EOF'` … `EOF` heredoc wrapper is dropped. Paths are
 * returned as written (trimmed); the caller resolves them.
 * @throws ToolError `patch.invalid` naming the line and what was expected there
 */
export function parsePatch(text: string): PatchOperation[] {
  return new PatchParser(text).parse()
}

/** Every path a patch names (sources and move destinations), in order, without duplicates. */
export function patchPaths(operations: readonly PatchOperation[]): string[] {
  const paths = operations.flatMap((op) =>
    op.kind === 'update' && op.moveTo !== undefined ? [op.path, op.moveTo] : [op.path],
  )
  return [...new Set(paths)]
}

class PatchParser {
  readonly #lines: string[]
  #at = 0

  constructor(text: string) {
    this.#lines = unwrapHeredoc(text.split(/\r?\n/))
  }

  parse(): PatchOperation[] {
    this.#skipBlank()
    if (this.#peekMarker()?.name !== 'Begin Patch')
      this.#fail(this.#unexpected('expected "*** Begin Patch" as the first line'))
    this.#at++
    const operations: PatchOperation[] = []
    for (;;) {
      this.#skipBlank()
      if (this.#at >= this.#lines.length) this.#fail('the patch ends without "*** End Patch"')
      const marker = this.#expectMarker()
      const patchLine = this.#at + 1
      this.#at++
      switch (marker.name) {
        case 'End Patch':
          this.#skipBlank()
          if (this.#at < this.#lines.length) this.#fail('unexpected text after "*** End Patch"')
          if (operations.length === 0) this.#fail('the patch has no file operations', patchLine)
          return operations
        case 'Add File':
          operations.push({ kind: 'add', path: marker.path, lines: this.#addedLines(), patchLine })
          break
        case 'Delete File':
          operations.push({ kind: 'delete', path: marker.path, patchLine })
          break
        case 'Update File':
          operations.push(this.#update(marker.path, patchLine))
          break
        case 'Move to':
          this.#fail('"*** Move to:" must directly follow an "*** Update File:" line', patchLine)
          break
        default:
          this.#fail(`"*** ${marker.name}" is not expected here; expected ${validMarkers}`, patchLine)
      }
    }
  }

  #addedLines(): string[] {
    const lines: string[] = []
    while (this.#at < this.#lines.length && !this.#atFileMarker()) {
      const line = this.#line()
      if (line.startsWith('+')) lines.push(line.slice(1))
      else if (line.trim() !== '' || !this.#onlyBlankUntilMarker()) {
        this.#fail(this.#unexpected('every line of an added file starts with "+" (a lone "+" for an empty line)'))
      }
      this.#at++
    }
    return lines
  }

  #update(path: string, patchLine: number): PatchOperation {
    const move = this.#peekMarker()
    const moveTo = move?.name === 'Move to' ? move.path : undefined
    if (moveTo !== undefined) this.#at++
    const hunks: PatchHunk[] = []
    for (;;) {
      this.#skipBlank()
      if (this.#at >= this.#lines.length || this.#atFileMarker()) break
      const line = this.#line()
      if (line.trim().startsWith('@@') || (hunks.length === 0 && /^[ +-]/.test(line))) hunks.push(this.#hunk())
      else this.#fail(this.#unexpected('expected an "@@" line starting a hunk, or the next "***" file marker'))
    }
    if (hunks.length === 0 && moveTo === undefined) {
      this.#fail(`"*** Update File: ${path}" has no hunks; add at least one "@@" hunk`, patchLine)
    }
    return moveTo === undefined
      ? { kind: 'update', path, hunks, patchLine }
      : { kind: 'update', path, moveTo, hunks, patchLine }
  }

  #hunk(): PatchHunk {
    const patchLine = this.#at + 1
    const anchors: string[] = []
    while (this.#at < this.#lines.length && this.#line().trim().startsWith('@@')) {
      const header = this.#line().trim()
      const anchor = (unifiedHeader.exec(header)?.[1] ?? header.slice(2)).trim()
      if (anchor !== '') anchors.push(anchor)
      this.#at++
    }
    const lines: HunkLine[] = []
    let trailingBlank = 0
    while (this.#at < this.#lines.length && this.#peekMarker() === undefined && !this.#line().trim().startsWith('@@')) {
      const line = this.#line()
      const op = line[0]
      // Models often drop the space of an empty context line; read an empty line as one.
      if (op === undefined) lines.push({ op: ' ', text: '' })
      else if (op === ' ' || op === '-' || op === '+') lines.push({ op, text: line.slice(1) })
      else if (line.startsWith('***')) this.#expectMarker()
      else this.#fail(this.#unexpected('hunk lines start with " " (context), "-" (remove) or "+" (add)'))
      trailingBlank = op === undefined ? trailingBlank + 1 : 0
      this.#at++
    }
    const endOfFile = this.#peekMarker()?.name === 'End of File'
    if (endOfFile) this.#at++
    // Empty lines just before the next hunk or file are separators, unless the hunk ends the file.
    else lines.splice(lines.length - trailingBlank, trailingBlank)
    if (!lines.some((line) => line.op !== ' ' || line.text !== '')) {
      this.#fail(
        'this hunk has no lines; give context lines (" "), removed lines ("-") and added lines ("+") after "@@"',
        patchLine,
      )
    }
    return { anchors, lines, endOfFile, patchLine }
  }

  #line(): string {
    return this.#lines[this.#at] ?? ''
  }

  /** The known marker on the current line, if any (whitespace around it ignored). */
  #peekMarker(): { name: Marker; path: string } | undefined {
    const match = markerPattern.exec(this.#line().trim())
    const name = match?.[1]?.replace(/:$/, '') as Marker | undefined
    const rest = match?.[2]?.trim() ?? ''
    if (name === undefined || (rest !== '' && !withPath.has(name))) return undefined
    if (withPath.has(name) && rest === '') this.#fail(`"*** ${name}:" needs a path after the colon`)
    return { name, path: rest }
  }

  /** The marker on the current line, which must be a known one. */
  #expectMarker(): { name: Marker; path: string } {
    const marker = this.#peekMarker()
    if (marker !== undefined) return marker
    const trimmed = this.#line().trim()
    if (trimmed.startsWith('***')) this.#fail(`unknown marker "${shorten(trimmed)}"; expected ${validMarkers}`)
    return this.#fail(this.#unexpected(`expected ${validMarkers}`))
  }

  #atFileMarker(): boolean {
    const marker = this.#peekMarker()
    return marker !== undefined && fileMarkers.has(marker.name)
  }

  #onlyBlankUntilMarker(): boolean {
    for (let i = this.#at; i < this.#lines.length; i++) {
      const trimmed = (this.#lines[i] ?? '').trim()
      if (trimmed !== '') return trimmed.startsWith('***')
    }
    return true
  }

  #skipBlank(): void {
    while (this.#at < this.#lines.length && this.#line().trim() === '') this.#at++
  }

  #unexpected(expected: string): string {
    return `found "${shorten(this.#line())}"; ${expected}`
  }

  #fail(problem: string, line = Math.min(this.#at + 1, this.#lines.length)): never {
    throw invalidPatch(line, problem)
  }
}

/**
 * Blanks a shell heredoc wrapper (`<<'EOF'` … `EOF`) that models sometimes copy into the argument;
 * blanking rather than dropping keeps line numbers right in messages.
 */
function unwrapHeredoc(lines: string[]): string[] {
  const first = lines.findIndex((line) => line.trim() !== '')
  const last = lines.findLastIndex((line) => line.trim() !== '')
  const opener = /^<<\s*(['"]?)([A-Za-z_]+)\1$/.exec(lines[first]?.trim() ?? '')
  if (opener === null || first === last || lines[last]?.trim() !== opener[2]) return lines
  return lines.map((line, index) => (index === first || index === last ? '' : line))
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text
}
