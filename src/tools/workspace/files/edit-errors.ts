import type { ToolCallContext } from '../../../tool/define-tool.js'
import { ToolError } from '../../../core/tool-error.js'
import { fillText } from '../../../text/model-text.js'
import { shownPath } from '../../../workspace/normalize-path.js'
import type { EditProblem, TextEdit } from './apply-edit.js'
import { formatCount } from '../../../text/quantities.js'
import { nearMissHint } from './near-miss.js'
import { fileTexts } from './texts.js'
import { fileToolIds, ifOffered } from './tool-ids.js'

/**
 * The error for an edit that cannot be applied to `text`: `edit.no_change`,
 * `edit.empty_old_string`, `edit.not_found` (with a near-miss hint when there is one, else advice
 * to read the file again) or `edit.not_unique` (with the count and the first lines it occurs at).
 * `note` is put before the hint of a not-found error.
 */
export function editProblemError(
  ctx: ToolCallContext,
  path: string,
  text: string,
  edit: TextEdit,
  problem: EditProblem,
  note = '',
): ToolError {
  const shown = shownPath(path)
  switch (problem.kind) {
    case 'no_change':
      return new ToolError('edit.no_change', fileTexts.editNoChange)
    case 'empty_old_string':
      return new ToolError(
        'edit.empty_old_string',
        fillText(fileTexts.editEmptyOld, {
          path: shown,
          hint: ifOffered(ctx, fileToolIds.write, fileTexts.hintWriteWhole),
        }),
      )
    case 'not_found': {
      const near = nearMissHint(text, edit.old_string)
      const hint = note + (near === '' ? fillText(fileTexts.nearReread, { tool: ctx.alias(fileToolIds.read) }) : near)
      return new ToolError('edit.not_found', fillText(fileTexts.editNotFound, { path: shown, hint }))
    }
    case 'not_unique': {
      const lines = problem.lines.map(formatCount).join(', ') + (problem.count > problem.lines.length ? ', …' : '')
      return new ToolError(
        'edit.not_unique',
        fillText(fileTexts.editNotUnique, { path: shown, count: formatCount(problem.count), lines }),
      )
    }
  }
}
