import { z } from 'zod'
import { defineTool } from '../../../tool/define-tool.js'
import { fillText, loadText } from '../../../text/model-text.js'
import { compileGlob } from './glob-limits.js'
import { compileMatcher } from './line-matcher.js'
import { formatSearch } from './search-format.js'
import { runSearch, type SearchRequest } from './search-run.js'
import { restrictedWorkspace } from '../files/restricted-workspace.js'

const description = loadText(import.meta.url, 'search-files.description.md')

/** Default and largest `head_limit`. */
export const searchHeadLimit = { default: 100, max: 1_000 } as const

const contextLines = z.number().int().min(0).max(50).optional()

const inputSchema = z.object({
  pattern: z.string().describe('Regular expression in JavaScript syntax, e.g. `function\\s+load\\w*` or `TODO|FIXME`.'),
  path: z.string().optional().describe('Folder or file to search, relative to the workspace root; default the root.'),
  glob: z.string().optional().describe('Only search files matching this glob, e.g. `*.ts` or `src/**/*.{ts,tsx}`.'),
  output_mode: z
    .enum(['content', 'files_with_matches', 'count'])
    .optional()
    .describe('`content` (default), `files_with_matches` or `count`.'),
  case_insensitive: z.boolean().optional().describe('Ignore case; default false.'),
  before: contextLines.describe('Lines of context before each match (content mode), 0 to 50.'),
  after: contextLines.describe('Lines of context after each match (content mode), 0 to 50.'),
  context: contextLines.describe('Lines of context before and after each match; `before`/`after` override it.'),
  head_limit: z
    .number()
    .int()
    .min(1)
    .max(searchHeadLimit.max)
    .optional()
    .describe(`Most results to return: matching lines (content) or files; default ${searchHeadLimit.default}.`),
  offset: z.number().int().min(0).optional().describe('Results to skip, for paging; default 0.'),
})

/**
 * `workspace.search_files`: regex search over workspace files in path order, respecting
 * `.gitignore`; binary files, files over 10 MB and the `tool-results/` and `skills/` folders are
 * skipped (the folders unless `path` points into them). Invalid patterns are `search.invalid_pattern`.
 * Structured output: `{ mode, matches, files, searched, skipped, offset, shown, total, truncated,
 * nextOffset?, stoppedEarly, results }` where `total` counts entries (matching lines in content
 * mode, files otherwise) and `results` holds the shown lines, paths or `path:count` lines.
 */
export const searchFilesTool = defineTool({
  name: 'workspace.search_files',
  description: (ctx) =>
    fillText(description, {
      glob: ctx.alias('builtin:workspace.glob'),
      readFile: ctx.alias('builtin:workspace.read_file'),
    }),
  inputSchema,
  annotations: { readOnly: true },
  pagesItself: true,
  renamedParameters: {
    regex: 'pattern',
    query: 'pattern',
    include: 'glob',
    limit: 'head_limit',
    ignore_case: 'case_insensitive',
    '-i': 'case_insensitive',
    '-A': 'after',
    '-B': 'before',
    '-C': 'context',
  },
  resources: () => [{ kind: 'workspace', access: 'read' }],
  permissionSubject: (input) => ({ kind: 'path', paths: [input.path ?? '.'], access: 'read' }),
  call: async (input, ctx) => {
    const glob = input.glob === undefined || input.glob.trim() === '' ? undefined : input.glob.trim()
    // Refused before the walk starts, not at its first file.
    if (glob !== undefined) compileGlob(glob)
    const request: SearchRequest = {
      matcher: compileMatcher(input.pattern, input.case_insensitive ?? false),
      path: input.path ?? '',
      glob,
      mode: input.output_mode ?? 'content',
      before: input.before ?? input.context ?? 0,
      after: input.after ?? input.context ?? 0,
      offset: input.offset ?? 0,
      headLimit: input.head_limit ?? searchHeadLimit.default,
      signal: ctx.signal,
    }
    const outcome = await runSearch(restrictedWorkspace(ctx), request)
    const formatted = formatSearch(outcome, request)
    const next = request.offset + formatted.shown
    const truncated = next < outcome.entries
    return {
      content: formatted.text,
      structured: {
        mode: request.mode,
        matches: outcome.matches,
        files: outcome.files,
        searched: outcome.searched,
        skipped: outcome.skipped,
        offset: request.offset,
        shown: formatted.shown,
        total: outcome.entries,
        truncated,
        ...(truncated ? { nextOffset: next } : {}),
        stoppedEarly: outcome.stoppedEarly,
        results: formatted.results,
      },
    }
  },
  renderToolUseMessage: (input) =>
    `Search ${JSON.stringify(input.pattern)}${input.path === undefined ? '' : ` in ${input.path}`}${input.glob === undefined ? '' : ` (${input.glob})`}`,
  renderToolResultMessage: (output) => {
    const structured = output.structured as { matches?: number; files?: number; mode?: string } | undefined
    if (structured?.files === undefined) return 'Searched'
    const files = `${structured.files} ${structured.files === 1 ? 'file' : 'files'}`
    return structured.mode === 'files_with_matches'
      ? files
      : `${structured.matches ?? 0} ${structured.matches === 1 ? 'match' : 'matches'} in ${files}`
  },
})
