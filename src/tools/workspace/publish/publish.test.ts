import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../../../test/temp-dir.js'
import { createWorkspace } from '../../../workspace/create-workspace.js'
import { callTool, chatContext, failure, memoryRun } from '../../chat/__fixtures__/memory-run.js'
import { commitTool } from './commit.js'
import { finishTool } from './finish.js'

function setup(files: Record<string, string | Buffer> = {}) {
  const project = tempDir('toolhost-publish-')
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(project, path)), { recursive: true })
    writeFileSync(join(project, path), content)
  }
  const run = memoryRun()
  const ctx = chatContext(run, { workspace: createWorkspace([{ at: '', hostDir: project, access: 'read-write' }]) })
  return { run, ctx, project }
}

describe('workspace.commit', () => {
  it('publishes output/main.md and keeps the run going', async () => {
    const { run, ctx } = setup({ 'output/main.md': 'Hello there!\n' })
    const output = await callTool(commitTool, {}, ctx)
    expect(run.published).toEqual([{ text: 'Hello there!\n', path: 'output/main.md', finish: false }])
    expect(run.finished).toEqual([])
    expect(output.content).toBe(
      'Published "output/main.md" (13 characters) to the conversation. The run goes on: you may continue working, and end it with workspace_finish (or with this tool and finish: true).',
    )
    expect(output.structured).toEqual({ path: 'output/main.md', chars: 13, finish: false })
  })

  it('publishes another path and finishes the run when asked', async () => {
    const { run, ctx } = setup({ 'drafts/answer.md': '\uFEFFDone.' })
    const output = await callTool(commitTool, { path: './drafts/answer.md', finish: true }, ctx)
    expect(run.published).toEqual([{ text: 'Done.', path: 'drafts/answer.md', finish: true }])
    expect(run.finished).toEqual(['committed'])
    expect(output.content).toBe(
      'Published "drafts/answer.md" (5 characters) to the conversation. The run ends after this turn.',
    )
  })

  it('tells the model to write the reply first when the file is missing', async () => {
    const { run, ctx } = setup()
    expect(await failure(callTool(commitTool, { finish: true }, ctx))).toEqual({
      code: 'publish.reply_missing',
      message:
        'No reply file at "output/main.md". Write your reply to it with workspace_write_file first, then call this tool again.',
    })
    expect(run.published).toEqual([])
    expect(run.finished).toEqual([])
  })

  it('refuses an empty reply', async () => {
    const { ctx } = setup({ 'output/main.md': ' \n\t\n' })
    const result = await failure(callTool(commitTool, {}, ctx))
    expect(result.code).toBe('publish.reply_empty')
    expect(result.message).toContain('nothing to publish. Write your reply to it with workspace_write_file first')
  })

  it('refuses a reply over 100,000 characters', async () => {
    const { ctx } = setup({ 'output/main.md': 'é'.repeat(100_001) })
    expect(await failure(callTool(commitTool, {}, ctx))).toEqual({
      code: 'publish.reply_too_long',
      message:
        '"output/main.md" has 100,001 characters; a reply may have at most 100,000 characters. Shorten it (rewrite it with workspace_write_file), then call this tool again.',
    })
    const big = setup({ 'output/main.md': 'x'.repeat(400_001) })
    expect((await failure(callTool(commitTool, {}, big.ctx))).code).toBe('publish.reply_too_long')
  })

  it('accepts exactly 100,000 characters', async () => {
    const { run, ctx } = setup({ 'output/main.md': '😀'.repeat(100_000) })
    await callTool(commitTool, {}, ctx)
    expect(run.published).toHaveLength(1)
  })

  it('refuses paths outside the workspace, directories and binary files', async () => {
    const { ctx, project } = setup({
      'output/main.md/x': 'x',
      'img.png': Buffer.from('89504e470d0a1a0a0000000d4948445200', 'hex'),
    })
    expect((await failure(callTool(commitTool, { path: '../reply.md' }, ctx))).code).toBe('workspace.path_outside')
    // A host path of the mount names the workspace file, and is refused when it leaves the mount.
    expect((await failure(callTool(commitTool, { path: join(project, 'output/main.md') }, ctx))).code).toBe(
      'workspace.is_directory',
    )
    expect((await failure(callTool(commitTool, { path: `${project}/../reply.md` }, ctx))).code).toBe(
      'workspace.path_outside',
    )
    expect((await failure(callTool(commitTool, {}, ctx))).code).toBe('workspace.is_directory')
    expect((await failure(callTool(commitTool, { path: 'img.png' }, ctx))).code).toBe('publish.reply_binary')
  })

  it('is a chat tool that needs the run and is not a static completion tool', () => {
    expect(commitTool).toMatchObject({ scopes: ['chat'], requires: ['run'] })
    expect(commitTool.completion).toBeUndefined()
  })
})

describe('workspace.finish', () => {
  it('ends the run with the given reason, or a default', async () => {
    const { run, ctx } = setup()
    const output = await callTool(finishTool, { reason: ' all done ' }, ctx)
    await callTool(finishTool, {}, ctx)
    expect(run.finished).toEqual(['all done', 'finished'])
    expect(output.content).toBe(
      'The run ends after this turn. Nothing was published to the conversation by this call; a reply is published only with workspace_commit.',
    )
  })

  it('says only that the run ends in session scope', async () => {
    const { ctx } = setup()
    const output = await callTool(finishTool, {}, { ...ctx, scope: 'session' })
    expect(output.content).toBe('The run ends after this turn.')
  })

  it('is a completion tool of both scopes that needs the run', () => {
    expect(finishTool).toMatchObject({ completion: true, scopes: ['chat', 'session'], requires: ['run'] })
  })
})
