import { z } from 'zod'
import { defineTool } from '../../../tool/define-tool.js'
import { fillText, loadText } from '../../../text/model-text.js'
import { counted, formatSizeShort } from '../../../text/quantities.js'
import { listTree, type FileTree, type TreeNode } from './list-tree.js'
import { restrictedWorkspace } from '../files/restricted-workspace.js'

const texts = {
  description: loadText(import.meta.url, 'list-files.description.md'),
  truncated: loadText(import.meta.url, 'texts/list-truncated.txt'),
  outsideLinks: loadText(import.meta.url, 'texts/list-outside-links.txt'),
}

/** Bounds of a listing. */
export const listLimits = { maxEntries: 200, defaultDepth: 2, maxDepth: 4 } as const

const inputSchema = z.object({
  path: z.string().optional().describe('Folder to list, relative to the workspace root; default the root.'),
  depth: z
    .number()
    .int()
    .min(1)
    .max(listLimits.maxDepth)
    .optional()
    .describe(`Levels to show, 1 to ${listLimits.maxDepth}; default ${listLimits.defaultDepth}.`),
})

/**
 * `workspace.list_files`: a folder as an indented tree to `depth` levels (default 2, at most 4),
 * at most 200 entries chosen breadth-first, respecting `.gitignore`; mounts such as `tool-results/`
 * appear where they are mounted. Structured output: `{ path, depth, shown, truncated }`.
 */
export const listFilesTool = defineTool({
  name: 'workspace.list_files',
  description: (ctx) =>
    fillText(texts.description, {
      glob: ctx.alias('builtin:workspace.glob'),
      search: ctx.alias('builtin:workspace.search_files'),
    }),
  inputSchema,
  annotations: { readOnly: true },
  renamedParameters: { dir: 'path', directory: 'path', max_depth: 'depth', recursive: 'depth' },
  resources: () => [{ kind: 'workspace', access: 'read' }],
  permissionSubject: (input) => ({ kind: 'path', paths: [input.path ?? '.'], access: 'read' }),
  call: async (input, ctx) => {
    const depth = input.depth ?? listLimits.defaultDepth
    const tree = await listTree(
      restrictedWorkspace(ctx),
      input.path ?? '',
      depth,
      listLimits.maxEntries,
      ctx.alias('builtin:workspace.read_file'),
    )
    return {
      content: renderTree(tree),
      structured: { path: tree.path, depth, shown: tree.shown, truncated: tree.truncated },
    }
  },
  renderToolUseMessage: (input) => `List ${input.path === undefined || input.path === '' ? '.' : input.path}`,
  renderToolResultMessage: (output) => {
    const structured = output.structured as { shown?: number; truncated?: boolean } | undefined
    return structured?.shown === undefined
      ? 'Listed'
      : `${counted(structured.shown, 'entry', 'entries')}${structured.truncated === true ? ' (more not shown)' : ''}`
  },
})

/** The tree as indented lines under its root, then notes. */
export function renderTree(tree: FileTree): string {
  const lines = [tree.path === '' ? './' : `${tree.path}/`]
  const add = (nodes: readonly TreeNode[], more: number, indent: string) => {
    for (const node of nodes) {
      lines.push(`${indent}${nodeLabel(node)}`)
      add(node.children, node.more, `${indent}  `)
    }
    if (more > 0) lines.push(`${indent}… ${more} more`)
  }
  add(tree.children, tree.more, '  ')
  if (tree.children.length === 0 && tree.more === 0) lines.push('  (empty)')
  const notes: string[] = []
  if (tree.truncated) notes.push(fillText(texts.truncated, { shown: tree.shown }))
  if (tree.outsideLinks > 0) notes.push(fillText(texts.outsideLinks, { links: counted(tree.outsideLinks, 'symlink') }))
  return notes.length === 0 ? lines.join('\n') : `${lines.join('\n')}\n\n${notes.join('\n')}`
}

function nodeLabel(node: TreeNode): string {
  const { entry } = node
  if (entry.kind === 'file') return `${entry.name} (${formatSizeShort(node.size ?? 0)})`
  return entry.isMount && entry.mount.access === 'read-only' ? `${entry.name}/ (read-only)` : `${entry.name}/`
}
