import type TurndownService from 'turndown'

/** The parts of a parsed table node the rules look at. */
interface TableNode {
  readonly nodeName: string
  readonly parentNode: TableNode | null
  getElementsByTagName?(name: string): ArrayLike<unknown>
}

/** Turndown types its nodes by whichever DOM typings the program loads; the rules read only {@link TableNode}. */
const tableNode = (node: unknown): TableNode => node as TableNode

/**
 * Adds rules that turn data tables into Markdown pipe tables (the first row becomes the header).
 * Tables holding other tables are page layout, not data: they are left to the default rules so
 * their content keeps its structure.
 */
export function markdownTables(service: TurndownService): void {
  service.addRule('tableCell', {
    filter: (node) =>
      (tableNode(node).nodeName === 'TD' || tableNode(node).nodeName === 'TH') && inDataTable(tableNode(node)),
    replacement: (content) => ` ${content.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')} |`,
  })
  service.addRule('tableRow', {
    filter: (node) => tableNode(node).nodeName === 'TR' && inDataTable(tableNode(node)),
    replacement: (content) => `|${content}\n`,
  })
  service.addRule('tableSection', {
    filter: (node) => ['THEAD', 'TBODY', 'TFOOT'].includes(tableNode(node).nodeName) && inDataTable(tableNode(node)),
    replacement: (content) => content,
  })
  service.addRule('tableCaption', {
    filter: (node) => tableNode(node).nodeName === 'CAPTION' && inDataTable(tableNode(node)),
    replacement: (content) => `${content.replace(/\s+/g, ' ').trim()}\n`,
  })
  service.addRule('table', {
    filter: (node) => tableNode(node).nodeName === 'TABLE' && isDataTable(tableNode(node)),
    replacement: (content) => {
      const lines = content.split('\n').filter((line) => line.trim() !== '')
      // Anything that is not a row (a caption) goes above the table.
      const above = lines.filter((line) => !line.startsWith('|')).join(' ')
      const [head, ...body] = lines.filter((line) => line.startsWith('|'))
      if (head === undefined) return `\n\n${above}\n\n`
      const columns = Math.max(1, head.split(/(?<!\\)\|/).length - 2)
      const table = [head, `|${' --- |'.repeat(columns)}`, ...body].join('\n')
      return above === '' ? `\n\n${table}\n\n` : `\n\n${above}\n\n${table}\n\n`
    },
  })
}

// Every cell asks about its table; remembering the answer keeps large tables linear.
const dataTables = new WeakMap<TableNode, boolean>()

function isDataTable(table: TableNode): boolean {
  let known = dataTables.get(table)
  if (known === undefined) {
    known = (table.getElementsByTagName?.('table').length ?? 0) === 0
    dataTables.set(table, known)
  }
  return known
}

function inDataTable(node: TableNode): boolean {
  for (let parent = node.parentNode; parent !== null; parent = parent.parentNode) {
    if (parent.nodeName === 'TABLE') return isDataTable(parent)
  }
  return false
}
