import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseProfile } from '../../profile/load-profile.js'
import { tempDir } from '../../../test/temp-dir.js'
import { languageServerChecks, webSearchCheck } from './settings-checks.js'

const withSearch = (webSearch: Record<string, unknown>) => parseProfile({ schemaVersion: 2, id: 'search', webSearch })

describe('webSearchCheck', () => {
  it.each([
    [{}, {}, 'ok', /^web\.search is not offered: no search service is configured/],
    [{}, { TAVILY_API_KEY: 'k' }, 'ok', /^tavily; TAVILY_API_KEY is set$/],
    [{}, { BRAVE_API_KEY: 'k', TAVILY_API_KEY: 'k' }, 'ok', /^brave; BRAVE_API_KEY is set$/],
    [{ url: 'http://127.0.0.1:8888/' }, {}, 'ok', /^SearXNG at http:\/\/127\.0\.0\.1:8888$/],
    [{ backend: 'searxng' }, {}, 'fail', /webSearch\.url \(the address of the SearXNG instance\) is not set/],
    [{ url: 'http://me:pw@127.0.0.1:8888/' }, {}, 'ok', /^SearXNG at http:\/\/127\.0\.0\.1:8888$/],
    [
      { backend: 'tavily' },
      { BRAVE_API_KEY: 'k' },
      'fail',
      /^webSearch\.backend is tavily, but TAVILY_API_KEY is not set in the environment$/,
    ],
  ])('settings %j with %j: %s', (settings, env, status, detail) => {
    const check = webSearchCheck(withSearch(settings), env)
    expect(check.status).toBe(status)
    expect(check.detail).toMatch(detail)
  })
})

describe('languageServerChecks', () => {
  it("finds a server in the workspace's node_modules/.bin and skips one turned off", () => {
    const workspace = tempDir('toolhost-lsp-check-')
    mkdirSync(join(workspace, 'node_modules', '.bin'), { recursive: true })
    const program = join(workspace, 'node_modules', '.bin', 'local-ls')
    writeFileSync(program, '#!/bin/sh\n')
    chmodSync(program, 0o755)
    const configured = parseProfile({
      schemaVersion: 2,
      id: 'lsp',
      lsp: {
        servers: {
          local: { command: 'local-ls', extensions: ['.x'] },
          off: { command: 'not-installed-ls', extensions: ['.y'], enabled: false },
        },
      },
    })
    expect(languageServerChecks(configured, workspace, '/nonexistent')).toEqual([
      { name: 'language server local', status: 'ok', detail: `${program} (for .x)` },
    ])
  })
})
