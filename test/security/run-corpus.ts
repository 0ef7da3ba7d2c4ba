import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { ProfileOverrides } from '../../src/profile/load-profile.js'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import type { Approver } from '../../src/permissions/approvals/approval-request.js'
import { issueCode, redeemCode } from '../../src/permissions/approvals/one-time-code.js'
import { runHttpSteps } from './run-http-steps.js'
import { runProcessCase } from './run-process-case.js'
import type { CodeStep, CorpusCall, CorpusCase, CorpusFile } from './corpus-file.js'

/** How one case went: `problems` is empty when every expectation held. */
export interface CaseOutcome {
  readonly class: string
  readonly file: string
  readonly name: string
  readonly problems: readonly string[]
}

/** A file tree as `path → content` (`-> target` for links), to see that nothing changed. */
function treeOf(dir: string, prefix = ''): Record<string, string> {
  const tree: Record<string, string> = {}
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return tree
  }
  for (const name of names.sort()) {
    const path = join(dir, name)
    const rel = `${prefix}${name}`
    const stat = lstatSync(path)
    if (stat.isSymbolicLink()) tree[rel] = `-> ${readlinkSync(path)}`
    else if (stat.isDirectory()) Object.assign(tree, { [`${rel}/`]: '' }, treeOf(path, `${rel}/`))
    else tree[rel] = readFileSync(path, 'latin1')
  }
  return tree
}

/** The workspace's tree without the data directory in it (the store changes with every call). */
function workspaceTree(dirs: { readonly ws: string; readonly data: string }): Record<string, string> {
  const inside = dirs.data.startsWith(`${dirs.ws}/`) ? `${dirs.data.slice(dirs.ws.length + 1)}/` : undefined
  return Object.fromEntries(
    Object.entries(treeOf(dirs.ws)).filter(([path]) => inside === undefined || !path.startsWith(inside)),
  )
}

function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), content)
  }
}

function changes(before: Record<string, string>, after: Record<string, string>): string[] {
  const paths = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...paths]
    .filter((p) => before[p] !== after[p])
    .map((p) => (before[p] === undefined ? `created ${p}` : after[p] === undefined ? `removed ${p}` : `changed ${p}`))
}

/** Runs every case of one corpus file against a real host, workspace and store in a temp folder. */
export async function runCorpusFile(file: CorpusFile & { readonly file: string }): Promise<CaseOutcome[]> {
  const root = await mkdtemp(join(tmpdir(), `toolhost-security-${file.class}-`))
  const ws = join(root, 'ws')
  const outside = join(root, 'outside')
  mkdirSync(ws)
  const data = file.dataDir === 'workspace' ? join(ws, '.toolhost') : join(root, 'data')
  const host = await createToolHost({ dataDir: data, workspaceDir: ws, processDirs: [], watchProcessTools: false })
  try {
    const outcomes: CaseOutcome[] = []
    for (const testCase of file.cases) {
      const problems = await runCase(host, file, testCase, { ws, outside, data })
      outcomes.push({ class: file.class, file: file.file, name: testCase.name, problems })
    }
    return outcomes
  } finally {
    await host.close()
    rmSync(root, { recursive: true, force: true })
  }
}

async function runCase(
  host: ToolHost,
  file: CorpusFile,
  testCase: CorpusCase,
  dirs: { ws: string; outside: string; data: string },
): Promise<string[]> {
  // The data directory may sit in the workspace: it stays, with the store the host has open.
  for (const name of readdirSync(dirs.ws))
    if (join(dirs.ws, name) !== dirs.data) rmSync(join(dirs.ws, name), { recursive: true, force: true })
  rmSync(dirs.outside, { recursive: true, force: true })
  mkdirSync(dirs.outside)
  writeTree(dirs.ws, file.files)
  writeTree(dirs.outside, file.outside)
  writeTree(dirs.data, file.data)
  for (const [path, target] of Object.entries(file.symlinks)) {
    mkdirSync(dirname(join(dirs.ws, path)), { recursive: true })
    symlinkSync(
      target.replace(/^OUTSIDE\//, `${dirs.outside}/`).replace(/^DATA\//, `${dirs.data}/`),
      join(dirs.ws, path),
    )
  }
  const before = { ws: workspaceTree(dirs), outside: treeOf(dirs.outside) }
  const problems: string[] = []
  let ranAny = false
  if (testCase.calls.length > 0) {
    let asked = false
    let answer: CorpusCall['approve'] = 'deny'
    const approver: Approver = async () => {
      asked = true
      return answer === 'deny'
        ? { behavior: 'deny', message: 'Denied by the security corpus.' }
        : { behavior: 'allow', scope: answer }
    }
    const inv = await host.createInvocation({
      scope: 'session',
      protocol: 'anthropic',
      profile: file.profile as ProfileOverrides,
      approver,
    })
    for (const [index, call] of testCase.calls.entries()) {
      asked = false
      answer = call.approve
      const outcome = await runCall(inv, call, index, () => asked)
      ranAny ||= outcome.decision === 'allow' || (outcome.decision === 'ask' && call.approve !== 'deny')
      problems.push(...outcome.problems.map((p) => `call ${index + 1} (${call.tool}): ${p}`))
      for (const secret of Object.values(file.data)) {
        if (secret.length >= 8 && outcome.content.includes(secret))
          problems.push(`call ${index + 1} showed the content of a file in the data directory`)
      }
      for (const secret of Object.values(file.outside)) {
        if (secret.length >= 8 && outcome.content.includes(secret))
          problems.push(`call ${index + 1} showed the content of a file outside the workspace`)
      }
      if (outcome.content.includes(dirname(dirs.ws)))
        problems.push(`call ${index + 1} showed a host path: ${outcome.content.slice(0, 200)}`)
    }
  }
  if (testCase.codes.length > 0) problems.push(...(await runCodes(host, testCase.codes)))
  if (testCase.http.length > 0) problems.push(...(await runHttpSteps(host, file, testCase.http)))
  if (testCase.process !== undefined) problems.push(...(await runProcessCase(testCase.process)))
  const after = { ws: workspaceTree(dirs), outside: treeOf(dirs.outside) }
  problems.push(...changes(before.outside, after.outside).map((c) => `outside the workspace: ${c}`))
  for (const [path, content] of Object.entries(file.data)) {
    if (readFileSync(join(dirs.data, path), 'utf8') !== content) problems.push(`the data directory's ${path} changed`)
  }
  if (!ranAny) problems.push(...changes(before.ws, after.ws).map((c) => `no call was allowed, yet the workspace ${c}`))
  for (const path of testCase.keeps)
    if (before.ws[path] !== after.ws[path]) problems.push(`${path} changed, though the case keeps it`)
  return problems
}

type Invocation = Awaited<ReturnType<ToolHost['createInvocation']>>

async function runCall(
  inv: Invocation,
  call: CorpusCall,
  index: number,
  wasAsked: () => boolean,
): Promise<{ decision: string; content: string; problems: string[] }> {
  const toolId = call.tool.includes(':') ? call.tool : `builtin:${call.tool}`
  const binding = inv.snapshot.bindings.find((b) => b.toolId === toolId)
  if (binding === undefined)
    return { decision: 'none', content: '', problems: [`${toolId} is not offered by the profile`] }
  let result: Awaited<ReturnType<Invocation['executeTurn']>>[number] | undefined
  try {
    ;[result] = await inv.executeTurn({
      calls: [{ callId: `call_${index}`, name: binding.alias, arguments: call.rawArgs ?? call.args }],
    })
  } catch (error) {
    // A failure that ends the turn is itself a finding: bad input must come back as a result.
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return { decision: 'failed', content: message, problems: [`the call ended the turn (${message.slice(0, 200)})`] }
  }
  if (result === undefined) return { decision: 'none', content: '', problems: ['no result'] }
  const decision = wasAsked() ? 'ask' : result.errorCode === 'permission.denied' ? 'deny' : 'allow'
  const problems: string[] = []
  if (call.expect !== undefined && decision !== call.expect)
    problems.push(`expected ${call.expect}, the gate did ${decision} (${result.content.slice(0, 160)})`)
  const got = result.isError ? (result.errorCode ?? 'error') : 'ok'
  const wanted = call.result === undefined ? undefined : [call.result].flat()
  if (wanted !== undefined && !wanted.includes(got))
    problems.push(`expected result ${wanted.join(' or ')}, got ${got}: ${result.content.slice(0, 160)}`)
  for (const text of call.excludes) if (result.content.includes(text)) problems.push(`the result shows "${text}"`)
  return { decision, content: result.content, problems }
}

async function runCodes(host: ToolHost, steps: readonly CodeStep[]): Promise<string[]> {
  const store = host.store()
  const inv = await host.createInvocation({ scope: 'session', protocol: 'anthropic' })
  const request = (callId: string) =>
    store.approvals.create({
      runId: inv.runId,
      invocationId: inv.id,
      callId,
      toolId: 'builtin:workspace.shell',
      alias: 'workspace_shell',
      input: { command: 'rm -rf build' },
      reason: 'ask',
    }).id
  const [mine, other] = [request('c1'), request('c2')]
  const t0 = Date.UTC(2030, 0, 1)
  const { code } = issueCode(store, { approvalId: mine, conversationId: 'conv-1', now: t0 })
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
  return steps.flatMap((step, index) => {
    const typed = step.code === 'right' ? code : step.code === 'wrong' ? wrong : step.code
    const result = redeemCode(store, {
      approvalId: step.otherRequest ? other : mine,
      conversationId: step.otherConversation ? 'conv-2' : 'conv-1',
      code: typed,
      now: t0 + step.atMinute * 60_000,
    })
    const got = result.ok ? 'ok' : result.reason
    return got === step.expect ? [] : [`code step ${index + 1}: expected ${step.expect}, got ${got}`]
  })
}
