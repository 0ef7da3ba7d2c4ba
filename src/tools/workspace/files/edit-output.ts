import type { ToolOutput } from '../../../tool/define-tool.js'
import { fillText } from '../../../text/model-text.js'
import { shownPath } from '../../../workspace/normalize-path.js'
import type { EditedFile } from './edit-file.js'
import { counted, formatBytes, formatCount } from '../../../text/quantities.js'
import { fileTexts } from './texts.js'

/**
 * The result of an edit or multi-edit: what changed, where, then the changed lines. Structured:
 * `{ path, replacements, firstLine, created, edits? }`.
 */
export function editOutput(edited: EditedFile, editCount?: number): ToolOutput {
  const path = shownPath(edited.path)
  const replacements = counted(edited.replacements, 'replacement')
  const summary = edited.created
    ? fillText(fileTexts.editCreated, { path, lines: counted(edited.lines, 'line'), bytes: formatBytes(edited.bytes) })
    : editCount === undefined
      ? fillText(fileTexts.editResult, { path, replacements, line: formatCount(edited.firstLine) })
      : fillText(fileTexts.multiEditResult, {
          path,
          edits: counted(editCount, 'edit'),
          replacements,
          line: formatCount(edited.firstLine),
        })
  const structured = {
    path: edited.path,
    replacements: edited.replacements,
    firstLine: edited.firstLine,
    created: edited.created,
    ...(editCount === undefined ? {} : { edits: editCount }),
  }
  return { content: edited.snippet === '' ? summary : `${summary}\n${edited.snippet}`, structured }
}

/** A one-line summary of an edit result for people. */
export function summarizeEdit(output: ToolOutput): string {
  const s = output.structured
  if (s?.created === true) return 'Created'
  return `${counted(Number(s?.replacements ?? 0), 'replacement')} from line ${formatCount(Number(s?.firstLine ?? 0))}`
}
