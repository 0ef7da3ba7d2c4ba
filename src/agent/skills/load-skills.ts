import type { Dirent } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml'

/** A skill (DESIGN §13): a folder with a `SKILL.md` and the files it points to. */
export interface Skill {
  /** From the front matter's `name`, else the folder name; a slug `[a-z0-9][a-z0-9-]{0,63}`. */
  readonly name: string
  /** What the skill is for and when to use it (≤ 1024 characters). */
  readonly description: string
  /** Absolute host path of the skill's folder. */
  readonly dir: string
  /** The folder's name, as mounted at `skills/<folder>/` (usually equal to `name`). */
  readonly folder: string
  /** Files in the folder, relative with `/`, `SKILL.md` first, then sorted; at most {@link maxSkillFiles}. */
  readonly files: readonly string[]
}

/** A problem found while loading skills; errors leave the skill out, warnings keep it. */
export interface SkillDiagnostic {
  readonly severity: 'error' | 'warning'
  /** e.g. `skills.missing_skill_md`, `skills.bad_front_matter`, `skills.duplicate_name`. */
  readonly code: string
  /** The host path of the file or folder concerned. */
  readonly path: string
  /** 1-based line in `path`, when known. */
  readonly line?: number
  readonly message: string
}

/** The file that makes a folder a skill. */
export const skillFileName = 'SKILL.md'
/** Names skills may have. */
export const skillNamePattern = /^[a-z0-9][a-z0-9-]{0,63}$/
/** Longest description. */
export const maxSkillDescription = 1024
/** Most files listed per skill. */
export const maxSkillFiles = 100
/** Deepest folder level walked when listing a skill's files. */
const maxDepth = 8

/** `path:line: message` for logs and the CLI. */
export function formatSkillDiagnostic(diagnostic: SkillDiagnostic): string {
  const where = diagnostic.line === undefined ? diagnostic.path : `${diagnostic.path}:${diagnostic.line}`
  return `${where}: ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`
}

/**
 * Loads the skills of `dir`: every subfolder (hidden ones skipped) with a `SKILL.md` whose YAML front
 * matter (between `---` lines at the top) gives a `description` and optionally a `name`. Problems
 * become diagnostics with the file and line where known; a bad skill never hides the others. Of two
 * skills with one name, the first folder in name order wins. Skills come sorted by folder name.
 *
 * @example
 * const { skills, diagnostics } = await loadSkills('./skills')
 */
export async function loadSkills(dir: string): Promise<{ skills: Skill[]; diagnostics: SkillDiagnostic[] }> {
  const root = resolve(dir)
  const diagnostics: SkillDiagnostic[] = []
  let entries: Dirent[]
  try {
    entries = await readdir(root, { withFileTypes: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const message =
      code === 'ENOENT'
        ? 'the skills directory does not exist'
        : code === 'ENOTDIR'
          ? 'the skills path is not a directory'
          : `cannot read the skills directory (${code ?? String(error)})`
    return { skills: [], diagnostics: [{ severity: 'error', code: 'skills.dir_unreadable', path: root, message }] }
  }
  const folders = entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
  folders.sort()
  const skills: Skill[] = []
  const firstByName = new Map<string, string>()
  for (const folder of folders) {
    const loaded = await loadSkill(join(root, folder), folder, diagnostics)
    if (loaded === undefined) continue
    const first = firstByName.get(loaded.skill.name)
    if (first !== undefined) {
      diagnostics.push({
        severity: 'error',
        code: 'skills.duplicate_name',
        path: join(root, folder, skillFileName),
        ...(loaded.nameLine !== undefined && { line: loaded.nameLine }),
        message: `skill name "${loaded.skill.name}" is already used by ${join(root, first, skillFileName)}; this one is left out. Give it another name.`,
      })
      continue
    }
    firstByName.set(loaded.skill.name, folder)
    skills.push(loaded.skill)
  }
  return { skills, diagnostics }
}

async function loadSkill(
  dir: string,
  folder: string,
  diagnostics: SkillDiagnostic[],
): Promise<{ skill: Skill; nameLine?: number } | undefined> {
  const file = join(dir, skillFileName)
  const fail = failAt(file, diagnostics)
  const text = await readSkillFile(dir, file, diagnostics, fail)
  if (text === undefined) return undefined
  const frontMatter = parseFrontMatter(text, fail)
  if (frontMatter === undefined) return undefined
  const nameLine = frontMatter.keyLine('name')
  const name = skillName(frontMatter.data, folder, nameLine, fail)
  if (name === undefined) return undefined
  const description = skillDescription(frontMatter.data, frontMatter.keyLine('description'), fail)
  if (description === undefined) return undefined
  if (name !== folder) {
    diagnostics.push({
      severity: 'warning',
      code: 'skills.name_mismatch',
      path: file,
      ...(nameLine !== undefined && { line: nameLine }),
      message: `the skill is named "${name}" but its folder is "${folder}"; it is read at skills/${folder}/. Name the folder like the skill to avoid confusion.`,
    })
  }

  const { files, truncated } = await listFiles(dir)
  if (truncated) {
    diagnostics.push({
      severity: 'warning',
      code: 'skills.too_many_files',
      path: dir,
      message: `only the first ${maxSkillFiles} files are listed.`,
    })
  }
  return { skill: { name, description, dir, folder, files }, ...(nameLine !== undefined && { nameLine }) }
}

/** Records an error about one skill's file; returns `undefined` so a failed step can return it directly. */
type Fail = (code: string, message: string, line?: number) => undefined

function failAt(file: string, diagnostics: SkillDiagnostic[]): Fail {
  return (code, message, line) => {
    diagnostics.push({ severity: 'error', code, path: file, ...(line !== undefined && { line }), message })
    return undefined
  }
}

/** The text of the folder's `SKILL.md`; when there is none, says so, naming a file that differs only in case. */
async function readSkillFile(
  dir: string,
  file: string,
  diagnostics: SkillDiagnostic[],
  fail: Fail,
): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8')
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code
    if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EISDIR')
      return fail('skills.unreadable', `cannot read ${skillFileName} (${code ?? String(cause)})`)
    const names = await readdir(dir).catch(() => [] as string[])
    const near = names.find((name) => name.toLowerCase() === skillFileName.toLowerCase() && name !== skillFileName)
    diagnostics.push({
      severity: 'error',
      code: 'skills.missing_skill_md',
      path: dir,
      message: `the folder has no ${skillFileName}${near === undefined ? '' : ` (found "${near}"; rename it to ${skillFileName})`}; it is not a skill.`,
    })
    return undefined
  }
}

/** The parsed front matter and the file line of each of its top-level keys. */
interface FrontMatter {
  readonly data: Record<string, unknown>
  readonly keyLine: (key: string) => number | undefined
}

/** The YAML mapping between the `---` lines at the top of `text`, or `undefined` after a diagnostic. */
function parseFrontMatter(text: string, fail: Fail): FrontMatter | undefined {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  if (lines[0]?.trim() !== '---') {
    return fail(
      'skills.no_front_matter',
      `${skillFileName} must start with YAML front matter: a line "---", "name:" and "description:" lines, then "---".`,
      1,
    )
  }
  const end = lines.findIndex((line, index) => index > 0 && (line.trim() === '---' || line.trim() === '...'))
  if (end < 0) return fail('skills.bad_front_matter', 'the front matter is not closed: add a line "---" after it.', 1)

  const lineCounter = new LineCounter()
  const doc = parseDocument(lines.slice(1, end).join('\n'), { lineCounter, prettyErrors: false })
  // Front matter line n is file line n + 1.
  const fileLine = (offset: number | undefined) =>
    offset === undefined ? undefined : lineCounter.linePos(offset).line + 1
  const yamlError = doc.errors[0]
  if (yamlError !== undefined)
    return fail(
      'skills.bad_front_matter',
      `invalid YAML in the front matter: ${yamlError.message}`,
      fileLine(yamlError.pos[0]) ?? 1,
    )
  const contents = doc.contents
  if (contents !== null && !isMap(contents))
    return fail(
      'skills.bad_front_matter',
      'the front matter must be a mapping of keys ("name: …", "description: …").',
      2,
    )
  const keyLine = (key: string) => {
    if (contents === null) return undefined
    const pair = contents.items.find((item) => isScalar(item.key) && item.key.value === key)
    return pair !== undefined && isScalar(pair.key) ? fileLine(pair.key.range?.[0]) : undefined
  }
  return { data: (doc.toJS() ?? {}) as Record<string, unknown>, keyLine }
}

/** The front matter's `name`, else the folder's name; either must be a valid slug. */
function skillName(
  data: Record<string, unknown>,
  folder: string,
  nameLine: number | undefined,
  fail: Fail,
): string | undefined {
  if (data.name !== undefined && data.name !== null) {
    if (typeof data.name !== 'string' || !skillNamePattern.test(data.name)) {
      return fail(
        'skills.bad_name',
        `name ${JSON.stringify(data.name)} is not valid: use 1-64 lowercase letters, digits and "-", starting with a letter or digit (e.g. "release-notes").`,
        nameLine,
      )
    }
    return data.name
  }
  if (!skillNamePattern.test(folder)) {
    return fail(
      'skills.bad_name',
      `the folder name "${folder}" is not a valid skill name: add "name: <slug>" to the front matter (1-64 lowercase letters, digits and "-") or rename the folder.`,
      1,
    )
  }
  return folder
}

/** The front matter's `description`, trimmed: required, and at most {@link maxSkillDescription} characters. */
function skillDescription(
  data: Record<string, unknown>,
  descriptionLine: number | undefined,
  fail: Fail,
): string | undefined {
  if (typeof data.description !== 'string' || data.description.trim() === '') {
    return fail(
      'skills.missing_description',
      'the front matter needs a "description:" saying what the skill does and when to use it.',
      descriptionLine ?? 1,
    )
  }
  const description = data.description.trim()
  if (description.length > maxSkillDescription) {
    return fail(
      'skills.description_too_long',
      `the description has ${description.length} characters, the most is ${maxSkillDescription}: shorten it and move details into the body of ${skillFileName}.`,
      descriptionLine,
    )
  }
  return description
}

/** The skill's files, relative with `/`: `SKILL.md` first, then sorted; hidden entries and symlinks skipped. */
async function listFiles(dir: string): Promise<{ files: string[]; truncated: boolean }> {
  const found: string[] = []
  let truncated = false
  const walk = async (relative: string, depth: number): Promise<void> => {
    const entries = await readdir(relative === '' ? dir : join(dir, relative), { withFileTypes: true }).catch(
      () => [] as Dirent[],
    )
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`
      if (entry.isFile()) {
        if (path === skillFileName) continue
        if (found.length >= maxSkillFiles - 1) {
          truncated = true
          return
        }
        found.push(path)
      } else if (entry.isDirectory() && depth < maxDepth) {
        await walk(path, depth + 1)
        if (truncated) return
      }
    }
  }
  await walk('', 1)
  found.sort()
  return { files: [skillFileName, ...found], truncated }
}
