import { loadText } from '../text/model-text.js'

// Read when asked for: the help of one command is all a run of the CLI ever prints.
const read = (name: string) => loadText(import.meta.url, `help/${name}.txt`)

/** The help files of each command, and of each group of commands (`toolhost tools --help`). */
const helpFiles: Readonly<Record<string, readonly string[]>> = {
  tools: ['tools-list', 'tools-call', 'tools-trust'],
  'tools list': ['tools-list'],
  'tools call': ['tools-call'],
  'tools trust': ['tools-trust'],
  snapshot: ['snapshot'],
  permissions: ['permissions-explain', 'permissions-edit'],
  'permissions explain': ['permissions-explain'],
  'permissions add': ['permissions-edit'],
  'permissions remove': ['permissions-edit'],
  profile: ['profile'],
  'profile list': ['profile'],
  'profile show': ['profile'],
  'profile validate': ['profile'],
  'profile edit': ['profile'],
  hooks: ['hooks'],
  'hooks list': ['hooks'],
  'hooks test': ['hooks'],
  approvals: ['approvals'],
  mcp: ['mcp'],
  'mcp serve': ['mcp-serve'],
  run: ['run'],
  chat: ['chat'],
  runs: ['runs'],
  doctor: ['doctor'],
  serve: ['serve'],
}

/** The names `toolhost <name> --help` knows: commands and groups of commands. */
export function helpTopics(): string[] {
  return Object.keys(helpFiles)
}

/** The help of a command or group, with the options every command takes; `undefined` for an unknown name. */
export function commandHelp(name: string): string | undefined {
  const files = helpFiles[name]
  if (files === undefined) return undefined
  return `${files.map(read).join('\n\n')}\n${read('global-options')}`
}
