import type { Snapshot } from '../../snapshot/snapshot.js'
import { fillText, loadText } from '../../text/model-text.js'
import type { Workspace } from '../../workspace/workspace.js'
import { aliasIn } from './system-prompt.js'

const reminderText = loadText(import.meta.url, 'texts/drift-reminder.md')

/** Where the text of a chat turn that published nothing is kept, so it is never lost. */
export const directOutputPath = 'output/direct_output.md'

/**
 * Drift recovery in chat scope (DESIGN §13): a turn without tool calls published nothing. Its text
 * is saved to `output/direct_output.md` and the model gets a reminder naming the tools to publish with.
 * @returns the reminder text
 */
export async function recoverDrift(workspace: Workspace, snapshot: Snapshot, text: string): Promise<string> {
  await workspace.writeFile(directOutputPath, text)
  return fillText(reminderText, {
    path: directOutputPath,
    write_file: aliasIn(snapshot, 'builtin:workspace.write_file'),
    commit: aliasIn(snapshot, 'builtin:workspace.commit'),
  })
}
