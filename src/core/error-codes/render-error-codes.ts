import type { ErrorCodeInfo, ErrorKind } from './error-code-info.js'

const sections: Readonly<Record<ErrorKind, { readonly title: string; readonly intro: string }>> = {
  recoverable: {
    title: 'Recoverable: the model gets an error result',
    intro:
      'The call ends in a result with `isError: true` and this `errorCode`; the model reads the text and can act on it. The run goes on.',
  },
  fatal: {
    title: 'Fatal: the run ends',
    intro:
      'Thrown as `FatalToolHostError`, `StoreError` or `StoredStateError`; the run stops and the error reaches the host.',
  },
  diagnostic: {
    title: 'Diagnostics: notes for the person',
    intro:
      'Reported while tools or skills load (`snapshot.diagnostics`, `toolhost tools list`); the tool or skill is left out or changed. The model never sees them.',
  },
}

/**
 * The error code reference (`docs/error-codes.md`) for a registry: one section per kind, one line
 * per code with its meaning and links to the texts the model reads.
 */
export function renderErrorCodes(codes: Readonly<Record<string, ErrorCodeInfo>>): string {
  const lines = [
    '# Error codes',
    '',
    '<!-- Generated from src/core/error-codes/ by `npm run docs:error-codes`; a test checks it is up to date. -->',
    '',
    'Every code toolhost attaches to a result or a failure, or reports while tools and skills load. Tools you define may',
    'throw `ToolError` with codes of their own (`namespace.name`); the namespaces below are toolhost’s.',
  ]
  for (const kind of Object.keys(sections) as ErrorKind[]) {
    const { title, intro } = sections[kind]
    lines.push('', `## ${title}`, '', intro, '')
    for (const [code, info] of Object.entries(codes)) {
      if (info.kind !== kind) continue
      const texts = (info.texts ?? []).map((path) => `[\`${path}\`](../src/${path})`)
      lines.push(`- \`${code}\`: ${info.meaning}${texts.length === 0 ? '' : ` Model texts: ${texts.join(', ')}.`}`)
    }
  }
  return `${lines.join('\n')}\n`
}
