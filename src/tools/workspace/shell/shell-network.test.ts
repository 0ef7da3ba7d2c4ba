import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultProfile } from '../../../profile/default-profile.js'
import type { ToolCallContext } from '../../../tool/define-tool.js'
import { testCallContext } from '../../../../test/call-context.js'
import { run, setup } from './__fixtures__/shell-setup.js'
import { shellNetwork, shellUrlPrefixes } from './shell-network.js'

describe('workspace.shell network', () => {
  const { ctx } = setup()
  const requests: string[] = []
  let base = ''
  const server = createServer((request, response) => {
    requests.push(request.url ?? '')
    response.end(`pong ${request.url}`)
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const withPrefixes = (shellUrlPrefixes: string[]): ToolCallContext =>
    testCallContext({
      workspace: ctx.workspace,
      profile: { ...defaultProfile, network: { ...defaultProfile.network, shellUrlPrefixes } },
    })

  it('has no network by default', async () => {
    const output = await run(ctx, `curl -s ${base}/default`)
    expect(output.structured?.exitCode).toBe(127)
    expect((await run(ctx, `js-exec -c "await fetch('${base}/js')"`)).structured?.exitCode).not.toBe(0)
    expect(requests).toEqual([])
  })

  it('reaches only the URL prefixes the profile allows', async () => {
    const allowed = withPrefixes([`${base}/ok/`])
    expect((await run(allowed, `curl -s ${base}/ok/x`)).content).toBe('Exit code: 0\npong /ok/x')
    const refused = await run(allowed, `curl -sS ${base}/other`)
    expect(refused.structured?.exitCode).not.toBe(0)
    expect(refused.content).toMatch(/not in allow-list/)
    expect((await run(withPrefixes([`${base}/`]), `curl -s ${base}/any`)).content).toBe('Exit code: 0\npong /any')
    expect(requests).toEqual(['/ok/x', '/any'])
  })
})

describe('shellUrlPrefixes and shellNetwork', () => {
  const profile = (network: unknown): unknown => ({ ...defaultProfile, network })

  it('reads the prefixes defensively', () => {
    expect(shellUrlPrefixes(defaultProfile)).toEqual([])
    expect(shellUrlPrefixes(profile({ shellUrlPrefixes: ['https://api.example.com/v1/'] }))).toEqual([
      'https://api.example.com/v1/',
    ])
    expect(
      shellUrlPrefixes(profile({ shellUrlPrefixes: ['https://a.example/', 'ftp://b.example/', 'not a url'] })),
    ).toEqual(['https://a.example/'])
    for (const odd of [
      undefined,
      null,
      'https://a.example/',
      { shellUrlPrefixes: 'https://a.example/' },
      { shellUrlPrefixes: [1] },
    ]) {
      expect(shellUrlPrefixes(profile(odd))).toEqual([])
    }
    expect(shellUrlPrefixes(undefined)).toEqual([])
    expect(shellUrlPrefixes('profile')).toEqual([])
  })

  it('turns the network off without prefixes and guards private addresses unless a prefix names one', () => {
    expect(shellNetwork(defaultProfile)).toBeUndefined()
    expect(shellNetwork(profile({ shellUrlPrefixes: ['https://api.example.com/'] }))).toEqual({
      allowedUrlPrefixes: ['https://api.example.com/'],
      denyPrivateRanges: true,
    })
    for (const prefix of [
      'http://127.0.0.1:8080/',
      'http://[::1]/',
      'http://localhost:3000/',
      'http://app.localhost/',
    ]) {
      expect(shellNetwork(profile({ shellUrlPrefixes: [prefix] }))?.denyPrivateRanges, prefix).toBe(false)
    }
    const listed = profile({ shellUrlPrefixes: ['http://intranet.corp/'], allowPrivateHosts: ['intranet.corp'] })
    expect(shellNetwork(listed)?.denyPrivateRanges).toBe(false)
  })
})
