import type { ToolId } from '../../core/tool-id.js'
import type { Invocation } from '../../host/invocation.js'
import type { Profile } from '../../profile/profile-schema.js'
import { snapshotIndex } from '../../snapshot/snapshot-index.js'
import type { Workspace } from '../../workspace/workspace.js'
import { fillText, loadText } from '../../text/model-text.js'
import { formatCount } from '../../text/quantities.js'

const environmentText = loadText(import.meta.url, 'texts/project-environment.md')
const hostDirText = loadText(import.meta.url, 'texts/project-host-dir.md')
const fileText = loadText(import.meta.url, 'texts/project-file.md')
const cutText = loadText(import.meta.url, 'texts/project-file-cut.md')
const largeText = loadText(import.meta.url, 'texts/project-file-large.md')

/** The instruction files read from the workspace root, in this order. */
export const projectInstructionFiles = ['AGENTS.md', 'CLAUDE.md'] as const

/** Characters of instruction files a system prompt holds, all files together. */
export const projectInstructionChars = 20_000

// Bigger files are not read at all: their start would be cut to the bound anyway.
const largeFileBytes = 1024 * 1024

/** An instruction file of the project as the system prompt carries it. */
export type ProjectFile =
  | { readonly name: string; readonly text: string; readonly cutFrom?: number }
  | { readonly name: string; readonly tooLargeBytes: number }

/** Where and when an agent works, and what the project asks of agents. */
export interface ProjectContext {
  /** The local date, `YYYY-MM-DD`. */
  readonly date: string
  /** `process.platform` and `process.arch`, e.g. `linux x64`. */
  readonly platform: string
  /** The workspace root on the host, with the tools that run real programs there; absent when none is offered. */
  readonly host?: { readonly dir: string; readonly tools: readonly string[] }
  readonly files: readonly ProjectFile[]
}

/** Options of {@link readProjectContext}. */
export interface ProjectContextOptions {
  /** Read the instruction files (profile `agent.projectInstructions`, resolved for the scope). */
  readonly instructions: boolean
  readonly now: Date
  /** The workspace root's host directory and the aliases of the tools that run programs in it. */
  readonly host?: { readonly dir: string; readonly tools: readonly string[] }
  /** Character bound of all instruction files together; {@link projectInstructionChars} by default. */
  readonly maxChars?: number
}

/**
 * Reads the project context once, for a system prompt: the instruction files at the workspace root
 * through the workspace (so hidden and escaping paths stay out), cut to the bound. A file that
 * cannot be read is left out: it must not stop the agent.
 */
export async function readProjectContext(
  workspace: Workspace,
  options: ProjectContextOptions,
): Promise<ProjectContext> {
  const files: ProjectFile[] = []
  let room = options.maxChars ?? projectInstructionChars
  for (const name of options.instructions ? projectInstructionFiles : []) {
    const file = await readInstructionFile(workspace, name, room)
    if (file === undefined) continue
    files.push(file)
    if ('text' in file) room -= file.text.length
  }
  return {
    date: localDate(options.now),
    platform: `${process.platform} ${process.arch}`,
    ...(options.host !== undefined && { host: options.host }),
    files,
  }
}

// Tools that run the machine's programs in the workspace root's host directory.
const hostProgramTools = ['builtin:system.shell', 'builtin:repl.run'] as ToolId[]

/**
 * The project context of a new invocation: instruction files as the profile's
 * `agent.projectInstructions` says (by default in session scope only: a chat workspace is the
 * run's own, written by the model and its users), and the root's host directory when the
 * invocation offers a tool that runs real programs there.
 */
export function invocationProjectContext(invocation: Invocation, profile: Profile, now: Date): Promise<ProjectContext> {
  const { aliasOf } = snapshotIndex(invocation.snapshot)
  const tools = hostProgramTools.flatMap((id) => aliasOf(id) ?? [])
  const root = invocation.workspace.mounts.find((mount) => mount.at === '')
  return readProjectContext(invocation.workspace, {
    instructions: profile.agent.projectInstructions ?? invocation.snapshot.scope === 'session',
    now,
    ...(root !== undefined && tools.length > 0 && { host: { dir: root.hostDir, tools } }),
  })
}

async function readInstructionFile(workspace: Workspace, name: string, room: number): Promise<ProjectFile | undefined> {
  try {
    const stat = await workspace.stat(name)
    if (stat?.kind !== 'file') return undefined
    if (stat.size > largeFileBytes) return { name, tooLargeBytes: stat.size }
    const text = (await workspace.readFile(name)).toString('utf8').trim()
    if (text === '') return undefined
    if (text.length <= room) return { name, text }
    return { name, text: text.slice(0, Math.max(room, 0)), cutFrom: text.length }
  } catch {
    return undefined
  }
}

/**
 * The system prompt's sections of a project context: the environment, then one section per
 * instruction file, its text as the file has it (never filled as a template).
 */
export function projectContextSections(context: ProjectContext, readFileAlias: string): string[] {
  const host =
    context.host === undefined
      ? ''
      : ` ${fillText(hostDirText, { host_dir: context.host.dir, tools: context.host.tools.join(' and ') })}`
  const sections = [fillText(environmentText, { host_dir: host, date: context.date, platform: context.platform })]
  for (const file of context.files) {
    const heading = fillText(fileText, { name: file.name })
    if ('tooLargeBytes' in file) {
      sections.push(
        `${heading}\n\n${fillText(largeText, { name: file.name, bytes: formatCount(file.tooLargeBytes), read_file: readFileAlias })}`,
      )
      continue
    }
    const cut =
      file.cutFrom === undefined
        ? ''
        : `\n\n${fillText(cutText, { name: file.name, chars: formatCount(file.cutFrom), read_file: readFileAlias })}`
    sections.push(`${heading}\n\n${file.text}${cut}`)
  }
  return sections
}

function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
