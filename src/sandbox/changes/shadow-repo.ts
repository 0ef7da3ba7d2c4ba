import { access, lstat, rm, stat } from 'node:fs/promises'
import { constants } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { runGit, type GitCommand, type GitOutput } from './run-git.js'

/** A shadow repository: toolhost's own git directory over a workspace it never writes to. */
export interface ShadowRepo {
  /** The git program, an absolute path. */
  readonly git: string
  /** The shadow git directory (toolhost's state, outside the workspace). */
  readonly gitDir: string
  /** The workspace root, a real path. */
  readonly workTree: string
  readonly env: Readonly<Record<string, string>>
  /** Files larger than this are left out of snapshots. */
  readonly maxFileBytes: number
}

/** One bounded run of commands: they share a deadline and a signal. */
export interface GitRun {
  readonly deadline: number
  readonly signal?: AbortSignal | undefined
}

/**
 * From this many new or changed files on, `git add` writes them into one pack instead of a loose
 * object file each (a file above `core.bigFileThreshold` goes straight to a pack): the first
 * snapshot of a large tree then writes two files instead of thousands. Small snapshots stay
 * loose, so packs do not pile up one per command.
 */
const packFrom = 1000

/** What one command adds to its run: input, an output cap, settings. */
type GitExtra = Pick<GitCommand, 'input' | 'maxOutput' | 'settings'>

/** How many times `git add` is tried again when files turn out unindexable while it runs. */
const addAttempts = 4
/** Waits between tries while another process holds the index lock; about a second in all. */
const lockWaits = [10, 20, 40, 80, 160, 320, 640] as const
/**
 * An `index.lock` older than this is a leftover of a git that was killed (a toolhost process that
 * died mid-snapshot): no snapshot holds the lock that long, and a leftover would fail every later one.
 */
const staleLockMs = 10 * 60_000

/**
 * Stages the whole workspace into the shadow index and writes it as a tree: `git add -A` (so the
 * workspace's `.gitignore` files count and its `.git` is never read), then `git write-tree`.
 * Files above the size cap and unreadable files are left as the index had them (out, when new);
 * repositories nested in the workspace are left out whole. The caller serializes snapshots of one
 * repository ({@link withSerialLock}).
 * @returns the tree id
 */
export async function snapshotTree(repo: ShadowRepo, run: GitRun): Promise<string> {
  const listing = await gitOk(repo, run, ['ls-files', '-z', '--others', '--modified', '--exclude-standard'])
  const listed = splitPaths(listing.stdout)
  const excluded = new Set(await unfitPaths(repo, listed))
  const settings = listed.length >= packFrom ? ['core.bigFileThreshold=1'] : []
  for (let attempt = 1; ; attempt++) {
    const pathspec = ['.', ...[...excluded].map((path) => `:(exclude,literal)${path}`)].join('\0')
    const added = await gitLocked(repo, run, ['add', '--all', '--pathspec-from-file=-', '--pathspec-file-nul'], {
      input: Buffer.from(pathspec),
      settings,
    })
    if (added.code === 0) break
    // A file that became unreadable, or a repository that appeared, since the listing.
    const more = unindexable(added.stderr).filter((path) => !excluded.has(path))
    if (more.length === 0 || attempt === addAttempts) throw gitFailure('add', added)
    for (const path of more) excluded.add(path)
  }
  const tree = await gitLocked(repo, run, ['write-tree'])
  if (tree.code !== 0) throw gitFailure('write-tree', tree)
  return tree.stdout.toString('utf8').trim()
}

/**
 * Runs git and throws unless it succeeded. With `maxOutput`, output cut there counts as success
 * (the caller says it is cut); without, an output too long for memory is an error, never a listing
 * read short.
 */
export async function gitOk(
  repo: ShadowRepo,
  run: GitRun,
  args: readonly string[],
  maxOutput?: number,
): Promise<GitOutput> {
  const output = await gitOnce(repo, run, args, { maxOutput })
  if (output.cut && maxOutput === undefined) throw new Error(`git ${args[0] ?? ''} printed more than can be read`)
  if (output.code !== 0 && !output.cut) throw gitFailure(args[0] ?? 'git', output)
  return output
}

/** The error for a git command that failed. */
export function gitFailure(what: string, output: GitOutput): Error {
  // The first error line says what went wrong; hints follow it.
  const lines = output.stderr.trim().split('\n')
  const said = lines.find((line) => /^(fatal|error):/.test(line)) ?? lines.at(-1) ?? ''
  return new Error(`git ${what} failed (exit ${String(output.code)})${said === '' ? '' : `: ${said}`}`)
}

/** Paths in NUL-separated git output. */
function splitPaths(output: Buffer): string[] {
  return output
    .toString('utf8')
    .split('\0')
    .filter((path) => path !== '')
}

/**
 * The listed paths a snapshot leaves out: nested repositories (listed with a trailing `/`; git
 * would record only their commit, and fails on one without commits), files above the size cap,
 * and files that cannot be read.
 */
async function unfitPaths(repo: ShadowRepo, paths: readonly string[]): Promise<string[]> {
  const unfit: string[] = []
  const batch = 128
  for (let start = 0; start < paths.length; start += batch) {
    const checked = await Promise.all(
      paths.slice(start, start + batch).map(async (path) => {
        if (path.endsWith('/')) return path.slice(0, -1)
        return (await fits(join(repo.workTree, path), repo.maxFileBytes)) ? undefined : path
      }),
    )
    for (const path of checked) if (path !== undefined) unfit.push(path)
  }
  return unfit
}

async function fits(file: string, maxBytes: number): Promise<boolean> {
  try {
    const stats = await lstat(file)
    if (!stats.isFile()) return true
    if (stats.size > maxBytes) return false
    await access(file, constants.R_OK)
    return true
  } catch (error) {
    // A file deleted since the listing is staged as deleted.
    return (error as NodeJS.ErrnoException).code === 'ENOENT'
  }
}

/** The paths `git add` could not index, from its error messages. */
export function unindexable(stderr: string): string[] {
  const paths: string[] = []
  for (const match of stderr.matchAll(/^error: unable to index file '(.*)'$/gm)) paths.push(match[1] ?? '')
  for (const match of stderr.matchAll(/^error: '(.*)' does not have a commit checked out$/gm)) {
    paths.push((match[1] ?? '').replace(/\/$/, ''))
  }
  return paths.filter((path) => path !== '')
}

/**
 * Runs a command that writes the index, waiting briefly while another process holds git's
 * `index.lock`, and removing a lock left behind long ago.
 */
async function gitLocked(
  repo: ShadowRepo,
  run: GitRun,
  args: readonly string[],
  extra: GitExtra = {},
): Promise<GitOutput> {
  let output = await gitOnce(repo, run, args, extra)
  if (output.code !== 0 && heldByOther(output.stderr) && (await removeStaleLock(repo.gitDir))) {
    output = await gitOnce(repo, run, args, extra)
  }
  for (const wait of lockWaits) {
    if (output.code === 0 || !heldByOther(output.stderr) || Date.now() + wait >= run.deadline) break
    await delay(wait, undefined, run.signal === undefined ? {} : { signal: run.signal })
    output = await gitOnce(repo, run, args, extra)
  }
  return output
}

/** Removes the index lock when it is a leftover ({@link staleLockMs}); true when it did. */
async function removeStaleLock(gitDir: string): Promise<boolean> {
  const lock = join(gitDir, 'index.lock')
  const stats = await stat(lock).catch(() => undefined)
  if (stats === undefined || Date.now() - stats.mtimeMs < staleLockMs) return false
  await rm(lock, { force: true })
  return true
}

function heldByOther(stderr: string): boolean {
  return /index\.lock': File exists/.test(stderr)
}

/**
 * Runs git once; throws when it was stopped by the deadline or the signal. A git stopped while
 * writing the index leaves its `index.lock` behind, which would fail every later snapshot; it is
 * removed, since the stopped git was its holder (git fails at once, never waits, on a lock held by
 * another process).
 */
async function gitOnce(repo: ShadowRepo, run: GitRun, args: readonly string[], extra: GitExtra): Promise<GitOutput> {
  run.signal?.throwIfAborted()
  const output = await runGit(
    { git: repo.git, gitDir: repo.gitDir, workTree: repo.workTree, env: repo.env, ...run, ...extra },
    args,
  )
  if (output.stopped === undefined) return output
  if (args[0] === 'add' || args[0] === 'write-tree') await rm(join(repo.gitDir, 'index.lock'), { force: true })
  if (output.stopped === 'aborted') run.signal?.throwIfAborted()
  throw new Error(`git ${args[0] ?? ''} did not finish in time`)
}
