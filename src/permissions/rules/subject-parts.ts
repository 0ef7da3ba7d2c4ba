import type { PermissionSubject } from '../../tool/define-tool.js'
import { dangersOf } from './dangerous-commands.js'
import { gitDirWriteReason, isInGitDir } from './git-dir.js'
import { analyseCommand, type ShellPart } from './match-command.js'
import { domainSpecifierMatches, normaliseHost } from './match-domain.js'
import { nameSpecifierMatches } from './match-name.js'
import { normaliseWorkspacePath, pathSpecifierMatches } from './match-path.js'
import { partName, type PermissionPart } from './permission-part.js'
import { commandSpecifierMatches } from './specifier.js'
import { visibleText } from './shell-words.js'
import { isHarmlessAssignment } from './shell-wrappers.js'

/** The parts of a call, with a sentence for the trace on how the subject was read. */
export interface SubjectParts {
  readonly parts: readonly PermissionPart[]
  readonly summary: string
}

/** The call as a whole: only rules without a specifier (and `*` for commands) can match it. */
export function wholeCallPart(label: string, anySpecifier: boolean): PermissionPart {
  return { label, dangers: [], matches: (specifier) => anySpecifier && specifier.trim() === '*' }
}

/** Splits a call's subject into the parts rules are matched against. */
export function subjectParts(subject: PermissionSubject | undefined): SubjectParts {
  if (subject === undefined)
    return {
      parts: [wholeCallPart('the call', false)],
      summary: 'The tool has no permission subject, so only rules without a specifier apply.',
    }
  switch (subject.kind) {
    case 'command':
      return commandParts(subject.command)
    case 'path':
      return pathParts(subject.paths, subject.access)
    case 'domain':
      return domainParts(subject.host)
    case 'name':
      return nameParts(subject.name)
  }
}

function commandParts(command: string): SubjectParts {
  const shown = visibleText(command.length > 200 ? `${command.slice(0, 200)}…` : command)
  const analysis = analyseCommand(command)
  if (!analysis.ok) {
    return {
      parts: [{ ...wholeCallPart('the command', true), opaque: `the command cannot be checked: ${analysis.problem}` }],
      summary: `Command \`${shown}\` cannot be checked: ${analysis.problem}.`,
    }
  }
  if (analysis.parts.length === 0)
    return { parts: [wholeCallPart('the command', true)], summary: `Command \`${shown}\` runs nothing.` }
  const parts = analysis.parts.map(shellPermissionPart)
  const listed = parts.map(partName).join('; ')
  return {
    parts,
    summary: `Command \`${shown}\` has ${parts.length} simple command${parts.length === 1 ? '' : 's'}: ${listed}.`,
  }
}

function shellPermissionPart(part: ShellPart): PermissionPart {
  return {
    label: part.label,
    ...(part.via === undefined ? {} : { via: part.via }),
    matches: (specifier, purpose) => commandSpecifierMatches(specifier, part, purpose),
    ...(part.container ? { checkOnly: true } : {}),
    ...(part.opaque === undefined ? {} : { opaque: part.opaque }),
    dangers: dangersOf(part),
    allowNotes: allowNotes(part),
  }
}

function allowNotes(part: ShellPart): string[] {
  const notes: string[] = []
  if (part.writes.length > 0) {
    notes.push(
      `it writes to ${part.writes.map((write) => `\`${visibleText(write.target)}\``).join(', ')}, and only allow rules with a redirection cover writes`,
    )
  }
  const assignments = part.words.length === 0 ? [] : part.assignments.filter((text) => !isHarmlessAssignment(text))
  if (assignments.length > 0)
    notes.push(
      `it sets ${assignments.map((text) => `\`${visibleText(text)}\``).join(', ')}, which allow rules must name too`,
    )
  if (part.openArgs) notes.push('xargs adds arguments when it runs, so only allow rules ending in * cover it')
  return notes
}

function pathParts(paths: readonly string[], access: 'read' | 'write'): SubjectParts {
  if (paths.length === 0)
    return {
      parts: [wholeCallPart('the call', false)],
      summary: 'The call names no path, so only rules without a specifier apply.',
    }
  const parts = paths.map((raw): PermissionPart => {
    const normalised = normaliseWorkspacePath(raw)
    const label = visibleText(raw)
    const base = {
      label,
      dangers: access === 'write' && isInGitDir(raw) ? [gitDirWriteReason] : [],
      ...(access === 'write' ? { fileEdit: true } : {}),
    }
    if (!normalised.ok) {
      return {
        ...base,
        refused: `path \`${label}\` ${normalised.problem}; paths outside the workspace are never allowed`,
        matches: () => false,
      }
    }
    return {
      ...base,
      label: normalised.path === '' ? '.' : normalised.path,
      matches: (specifier, purpose) => pathSpecifierMatches(specifier, normalised.path, purpose),
    }
  })
  return {
    parts,
    summary: `The call ${access === 'write' ? 'writes' : 'reads'} ${parts.map((part) => `\`${part.label}\``).join(', ')}.`,
  }
}

function domainParts(host: string): SubjectParts {
  const normalised = normaliseHost(host)
  const label = normalised ?? visibleText(host)
  const part: PermissionPart = { label, dangers: [], matches: (specifier) => domainSpecifierMatches(specifier, host) }
  if (normalised !== undefined) return { parts: [part], summary: `The call fetches from host \`${label}\`.` }
  // No domain rule can match an invalid host, deny rules included: it must not pass on a mode default.
  const opaque = `\`${label}\` is not a valid host name, so domain rules cannot be checked`
  return { parts: [{ ...part, opaque }], summary: `Host \`${label}\` is not a valid host name.` }
}

function nameParts(name: string): SubjectParts {
  const label = visibleText(name.length > 200 ? `${name.slice(0, 200)}…` : name)
  const part: PermissionPart = {
    label,
    dangers: [],
    matches: (specifier, purpose) => nameSpecifierMatches(specifier, name, purpose),
  }
  return { parts: [part], summary: `The call uses \`${label}\`.` }
}
