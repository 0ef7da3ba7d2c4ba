import { loadText, loadTexts } from '../../text/model-text.js'

/** The model-facing texts of the database tools, from `texts/*.txt` (placeholders `{name}`). */
export const databaseTexts = loadTexts(import.meta.url, [
  'unknownConnection',
  'missingVariable',
  'connectionFailed',
  'unsafeRole',
  'readOnly',
  'refusedAction',
  'refusedActionWrite',
  'permissionDenied',
  'multipleStatements',
  'timeout',
  'queryFailed',
  'unknownTable',
  'resultLine',
  'resultTruncated',
  'resultCut',
  'noRows',
  'connectionsHeader',
  'connectionLine',
  'tablesHeader',
  'tablesMore',
  'noTables',
  'tableHeader',
  'tableColumns',
  'tableIndexes',
  'tableNoIndexes',
])

/** The tool descriptions (placeholders name other tools by alias). */
export const databaseDescriptions = {
  query: loadText(import.meta.url, 'query.description.md'),
  schema: loadText(import.meta.url, 'schema.description.md'),
}
