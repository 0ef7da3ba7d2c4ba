import { z } from 'zod'
import { defineTool, type DescriptionContext } from '../../../tool/define-tool.js'
import { ToolError } from '../../../core/tool-error.js'
import { fillText, loadText } from '../../../text/model-text.js'
import { counted, formatCount } from '../../../text/quantities.js'
import { shownPath } from '../../../workspace/normalize-path.js'
import { mentionTool } from '../../chat/texts.js'
import { runOf } from '../../chat/run-of.js'
import { detectFileKind } from '../files/binary-detection.js'
import { decodeFileText } from '../files/file-text.js'
import { publishTexts as texts } from './texts.js'

/** The reply file a chat-scope run publishes by default. */
export const defaultReplyPath = 'output/main.md'
/** Characters a published reply may have. */
export const maxReplyChars = 100_000
/** Bytes read at most: a reply within {@link maxReplyChars} takes at most 4 bytes a character. */
const maxReplyBytes = maxReplyChars * 4

const ids = { write: 'builtin:workspace.write_file', finish: 'builtin:workspace.finish' } as const

const inputSchema = z.object({
  finish: z
    .boolean()
    .optional()
    .describe('True to end the run after this turn as well; then this must be the last call of the turn.'),
  path: z.string().min(1).optional().describe(`Workspace path of the reply file; default ${defaultReplyPath}.`),
})

/**
 * `workspace.commit`: publishes the reply file (same path rules as `workspace.read_file`) through
 * `run.publish`, and with `finish` ends the run (`run.finish('committed')`). The file must exist
 * (`publish.reply_missing`), be a file (`workspace.is_directory`), be UTF-8 text
 * (`publish.reply_binary`), not blank (`publish.reply_empty`) and at most {@link maxReplyChars}
 * characters (`publish.reply_too_long`). Structured output: `{ path, chars, finish }`.
 *
 * With `finish: true` it completes the run, so the gate requires it to be the last call of its turn.
 * It counts as read-only for permissions: it changes no file, and publishing the reply is what a
 * chat-scope run is for (asking a person before every reply would defeat it).
 */
export const commitTool = defineTool({
  name: 'workspace.commit',
  description: (ctx) =>
    fillText(loadText(import.meta.url, 'commit.description.md'), {
      defaultPath: defaultReplyPath,
      maxChars: formatCount(maxReplyChars),
      write: ctx.has(ids.write) ? ` with ${ctx.alias(ids.write)}` : '',
    }),
  inputSchema,
  annotations: { readOnly: true, openWorld: true },
  completesWith: ({ finish }) => finish === true,
  scopes: ['chat'],
  requires: ['run'],
  renamedParameters: { file_path: 'path', file: 'path', end: 'finish', done: 'finish' },
  permissionSubject: ({ path = defaultReplyPath }) => ({ kind: 'path', paths: [path], access: 'read' }),
  call: async ({ finish = false, path: given = defaultReplyPath }, ctx) => {
    const run = runOf(ctx)
    const { path } = await ctx.workspace.resolve(given, 'read')
    const shown = shownPath(path)
    const stat = await ctx.workspace.stat(path)
    if (stat === undefined)
      throw new ToolError('publish.reply_missing', fillText(texts.missing, { path: shown, write: writeFirst(ctx) }))
    if (stat.kind === 'directory')
      throw new ToolError('workspace.is_directory', fillText(texts.directory, { path: shown }))
    if (stat.kind !== 'file')
      throw new ToolError(
        'workspace.not_a_file',
        fillText(texts.binary, { path: shown, type: 'not a regular file', write: writeFirst(ctx) }),
      )
    if (stat.size > maxReplyBytes) throw tooLong(ctx, shown, `more than ${counted(maxReplyChars, 'character')}`)
    const bytes = await ctx.workspace.readFile(path)
    const kind = detectFileKind(bytes)
    if (kind.binary)
      throw new ToolError(
        'publish.reply_binary',
        fillText(texts.binary, { path: shown, type: kind.type, write: writeFirst(ctx) }),
      )
    const { text } = decodeFileText(bytes)
    if (text.trim() === '')
      throw new ToolError('publish.reply_empty', fillText(texts.empty, { path: shown, write: writeFirst(ctx) }))
    const chars = [...text].length
    if (chars > maxReplyChars) throw tooLong(ctx, shown, counted(chars, 'character'))
    await run.publish({ text, path, finish })
    if (finish) run.finish('committed')
    const values = { path: shown, chars: counted(chars, 'character') }
    const content = finish
      ? fillText(texts.publishedFinish, values)
      : fillText(texts.published, { ...values, finish: mentionTool(ctx, ids.finish, texts.publishedFinishHint) })
    return { content, structured: { path, chars, finish } }
  },
  renderToolUseMessage: ({ path = defaultReplyPath, finish }) =>
    `${finish === true ? 'Publish and finish' : 'Publish'} ${path}`,
  renderToolResultMessage: (output) =>
    `Published ${counted(Number(output.structured?.chars ?? 0), 'character')}${output.structured?.finish === true ? '; run ends' : ''}`,
})

function writeFirst(ctx: DescriptionContext): string {
  return ctx.has(ids.write) ? fillText(texts.writeFirst, { tool: ctx.alias(ids.write) }) : texts.writeFirstPlain
}

function tooLong(ctx: DescriptionContext, path: string, chars: string): ToolError {
  const edit = mentionTool(ctx, ids.write, texts.tooLongEdit)
  return new ToolError(
    'publish.reply_too_long',
    fillText(texts.tooLong, { path, chars, max: counted(maxReplyChars, 'character'), edit }),
  )
}
