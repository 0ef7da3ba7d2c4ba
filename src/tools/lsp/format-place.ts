import type { DescriptionContext } from '../../tool/define-tool.js'
import { fillText } from '../../text/model-text.js'
import { shownPath } from '../../workspace/normalize-path.js'
import { fileToolIds, ifOffered } from '../workspace/files/tool-ids.js'
import { lspDescriptions, lspTexts } from './lsp-texts.js'
import type { ShownPosition } from './places.js'

/** A position the model can act on: `path:line:column`, or a file outside the workspace by name. */
export function placeLabel(position: ShownPosition): string {
  const { place } = position
  if (place.kind === 'workspace') return `${shownPath(place.path)}:${position.line}:${position.column}`
  if (place.kind === 'outside')
    return `${fillText(lspTexts.outsidePlace, { name: shownPath(place.name) })}:${position.line}`
  return ''
}

/** `path:line:column: text` for a workspace file, the label alone elsewhere. */
export function placeLine(position: ShownPosition): string {
  const label = placeLabel(position)
  return position.text === undefined || position.text === '' ? label : `${label}: ${position.text}`
}

/** What structured output records of a position (never a path outside the workspace). */
export function placeRecord(position: ShownPosition): Record<string, unknown> {
  const { place } = position
  return place.kind === 'workspace'
    ? {
        path: place.path,
        line: position.line,
        column: position.column,
        ...(position.text !== undefined && { text: position.text }),
      }
    : { outside: place.kind === 'outside' ? place.name : true, line: position.line }
}

/** The note about results left out, or nothing. */
export function leftOutNote(count: number): string[] {
  return count === 0 ? [] : [fillText(lspTexts.leftOut, { count })]
}

/** A tool description with its sentence about the text search tool, when that is offered. */
export function describeLspTool(
  template: string,
  ctx: DescriptionContext,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return fillText(template, { ...values, search: ifOffered(ctx, fileToolIds.search, lspDescriptions.preferOverSearch) })
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
