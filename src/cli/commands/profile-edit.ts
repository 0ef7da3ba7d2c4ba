import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { createInterface } from 'node:readline/promises'
import type { ToolHost } from '../../host/create-tool-host.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes, UsageError } from '../cli-io.js'
import { parseCommandArgs } from '../common-options.js'
import { formatProblems, newProfileText, profileTarget } from '../settings/profile-target.js'
import { replaceFile } from '../settings/replace-file.js'
import { checkTarget } from './profile.js'

/**
 * `toolhost profile edit [<id|file>]`: opens `$VISUAL` or `$EDITOR` on a copy of the profile (a
 * new id starts from the smallest valid profile); on close the copy is checked and saved over the
 * file only when valid. Otherwise the problems are shown, and the person edits again or leaves
 * the file as it was. Needs a terminal.
 */
export async function profileEdit(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { positionals } = parseCommandArgs(args, {})
  if (positionals.length > 1) throw new UsageError('profile edit takes one profile: an id or a file')
  const target = await profileTarget(host.dataDir, positionals[0])
  const shown = positionals[0] ?? 'default'
  if (process.stdin.isTTY !== true || process.stdout.isTTY !== true) {
    io.err(
      `toolhost: profile edit needs a terminal (it opens an editor and asks about mistakes); edit ${target.path} yourself and check it with: toolhost profile validate ${shown}`,
    )
    return exitCodes.usage
  }
  const editor = (process.env.VISUAL ?? '').trim() || (process.env.EDITOR ?? '').trim()
  if (editor === '') throw new UsageError('set VISUAL or EDITOR to the editor to use, e.g. EDITOR=nano')
  const original = target.exists ? await readFile(target.path, 'utf8') : newProfileText(target.id, target.format)
  // A private folder: the copy is the person's work in progress and may name databases or hooks.
  const folder = await mkdtemp(join(tmpdir(), 'toolhost-profile-'))
  const copy = join(folder, basename(target.path))
  let keepCopy = false
  try {
    await writeFile(copy, original, { encoding: 'utf8', mode: 0o600 })
    for (;;) {
      const code = await runEditor(editor, copy)
      if (code !== 0) {
        io.err(`the editor (${editor}) ended with ${code}; ${target.path} is unchanged`)
        return exitCodes.failed
      }
      const text = await readFile(copy, 'utf8')
      if (target.exists && text === original) {
        io.out(`no changes; ${target.path} is unchanged`)
        return exitCodes.ok
      }
      const check = checkTarget(target, text)
      if (check.valid) {
        const now = target.exists ? await readFile(target.path, 'utf8').catch(() => undefined) : undefined
        if (target.exists && now !== original) {
          keepCopy = true
          io.err(`${target.path} changed while it was being edited, so nothing was saved; your version is in ${copy}`)
          return exitCodes.failed
        }
        await mkdir(dirname(target.path), { recursive: true })
        await replaceFile(target.path, text)
        io.out(`${target.exists ? 'saved' : 'created'} ${target.path} (profile ${check.profile.id})`)
        return exitCodes.ok
      }
      io.err(formatProblems(target.path, check.errors))
      if (!(await confirm('Edit again? [Y/n] '))) {
        io.err(`${target.path} is ${target.exists ? 'unchanged' : 'not created'}`)
        return exitCodes.failed
      }
    }
  } finally {
    if (!keepCopy) await rm(folder, { recursive: true, force: true })
  }
}

/**
 * Runs the editor on a file, as a shell would (EDITOR may carry arguments: `code --wait`), with
 * the terminal. Ctrl-C belongs to the editor meanwhile, so this process outlives it and cleans up.
 */
async function runEditor(editor: string, file: string): Promise<number | string> {
  const ignore = (): void => undefined
  process.on('SIGINT', ignore)
  try {
    return await new Promise((resolve) => {
      const child = spawn('/bin/sh', ['-c', `${editor} "$1"`, 'sh', file], { stdio: 'inherit' })
      child.on('error', (error) => resolve(error.message))
      child.on('close', (code, signal) => resolve(code ?? `signal ${signal ?? 'unknown'}`))
    })
  } finally {
    process.off('SIGINT', ignore)
  }
}

/** Asks a yes/no question on the terminal; yes unless the answer starts with n. */
async function confirm(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr })
  try {
    // End of input (Ctrl-D) is a no: nothing is saved.
    const ended = new Promise<string>((resolve) => prompt.once('close', () => resolve('n')))
    const answer = await Promise.race([prompt.question(question).catch(() => 'n'), ended])
    return !/^\s*n/i.test(answer)
  } finally {
    prompt.close()
  }
}
