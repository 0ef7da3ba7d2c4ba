import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../../test/temp-dir.js'
import { createToolHost, type ToolHost } from '../../host/create-tool-host.js'

const read = 'builtin:workspace.read_file'
const write = 'builtin:workspace.write_file'
const profile = { permissions: { allow: [`${write}(src/**)`], deny: [`${read}(.env)`, `${write}(.env)`] } }

let project: string
let host: ToolHost
beforeAll(async () => {
  project = tempDir('toolhost-rules-project-')
  writeFileSync(join(project, '.env'), 'TOKEN=secret\n')
  host = await createToolHost({
    dataDir: join(tempDir('toolhost-rules-data-'), 'data'),
    workspaceDir: project,
    processDirs: [],
    watchProcessTools: false,
  })
})
afterAll(async () => {
  await host.close()
})

describe('path rules and host paths inside the workspace', () => {
  it('matches an allow rule against the host path of a file as against its workspace path', async () => {
    for (const file_path of ['src/a.ts', '/src/a.ts', join(project, 'src', 'a.ts')]) {
      const verdict = await host.explainPermission(write, { file_path, content: 'x' }, profile)
      expect(verdict, file_path).toMatchObject({
        behavior: 'allow',
        rule: `${write}(src/**)`,
        subject: { paths: ['src/a.ts'] },
      })
    }
    const outside = await host.explainPermission(write, { file_path: `${project}/../src/a.ts`, content: 'x' }, profile)
    expect(outside.behavior).toBe('deny')
  })

  it('matches a deny rule against the host-path spelling of the file it names', async () => {
    for (const file_path of ['.env', '/.env', join(project, '.env'), `${project}/src/../.env`]) {
      for (const [tool, args] of [
        [read, { file_path }],
        [write, { file_path, content: 'x' }],
      ] as const) {
        const verdict = await host.explainPermission(tool, args, profile)
        expect(verdict, `${tool} ${file_path}`).toMatchObject({ behavior: 'deny', rule: `${tool}(.env)` })
      }
    }
  })

  it('runs the allowed call and refuses the denied one when the model names host paths', async () => {
    const invocation = await host.createInvocation({ scope: 'session', protocol: 'openai-chat', profile })
    const [written, secret] = await invocation.executeTurn({
      calls: [
        {
          callId: 'a',
          name: 'workspace_write_file',
          arguments: { file_path: join(project, 'src', 'new.ts'), content: 'export {}\n' },
        },
        { callId: 'b', name: 'workspace_read_file', arguments: { file_path: join(project, '.env') } },
      ],
    })
    expect(written).toMatchObject({ toolId: write, isError: false })
    expect(readFileSync(join(project, 'src', 'new.ts'), 'utf8')).toBe('export {}\n')
    expect(secret).toMatchObject({ toolId: read, isError: true })
    expect(secret?.content).not.toContain('TOKEN')
    expect(existsSync(join(project, project))).toBe(false)
  })
})
