import { execFile } from 'node:child_process'
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, isAbsolute, join } from 'node:path'

/** The oldest git that reads `GIT_CONFIG_GLOBAL` (2.32), so the host's own config stays out. */
const oldestVersion = [2, 32] as const

/** What {@link findGit} found. */
export type GitFound = { readonly git: string; readonly version: string } | { readonly unavailable: string }

/** What each search path gave, so that opening a workspace's changes per command starts no git. */
const found = new Map<string, Promise<GitFound>>()

/**
 * Finds git on `searchPath` and checks that it is recent enough for the shadow repository. The
 * answer is kept per search path for the life of the process.
 * @example await findGit('/usr/bin:/bin', env) // { git: '/usr/bin/git', version: '2.39.5' }
 */
export function findGit(searchPath: string, env: Readonly<Record<string, string>>): Promise<GitFound> {
  let answer = found.get(searchPath)
  if (answer === undefined) {
    answer = lookUp(searchPath, env)
    found.set(searchPath, answer)
  }
  return answer
}

async function lookUp(searchPath: string, env: Readonly<Record<string, string>>): Promise<GitFound> {
  const git = searchPath
    .split(delimiter)
    .filter((dir) => isAbsolute(dir))
    .map((dir) => join(dir, 'git'))
    .find(isExecutableFile)
  if (git === undefined) return { unavailable: 'git is not installed (not found on PATH)' }
  const output = await new Promise<string | undefined>((resolve) => {
    execFile(git, ['--version'], { env, timeout: 10_000 }, (error, stdout) => resolve(error ? undefined : stdout))
  })
  const match = output === undefined ? null : /git version (\d+)\.(\d+)(\S*)/.exec(output)
  if (match === null) return { unavailable: `${git} --version failed` }
  const [major, minor] = [Number(match[1]), Number(match[2])]
  const version = `${major}.${minor}${match[3] ?? ''}`
  if (major < oldestVersion[0] || (major === oldestVersion[0] && minor < oldestVersion[1])) {
    return { unavailable: `git ${version} is older than ${oldestVersion.join('.')}` }
  }
  return { git, version }
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}
