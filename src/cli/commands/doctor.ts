import { accessSync, constants, mkdirSync } from 'node:fs'
import type { ToolHost } from '../../host/create-tool-host.js'
import type { Profile } from '../../profile/profile-schema.js'
import { sandboxChecks, type HealthCheck } from '../../sandbox/sandbox-checks.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes } from '../cli-io.js'
import { parseCommandArgs } from '../common-options.js'
import { databaseChecks } from '../doctor/database-checks.js'
import { mcpChecks } from '../doctor/mcp-checks.js'
import { processToolsCheck, profileChecks } from '../doctor/profile-checks.js'
import { providerCheck } from '../doctor/provider-check.js'
import { languageServerChecks, webSearchCheck } from '../doctor/settings-checks.js'
import { storeCheck } from '../doctor/store-check.js'

/** The oldest Node the package supports (`engines.node`). */
const oldestNode = 22

/**
 * `toolhost doctor [--profile ID|FILE] [--json]`: checks what toolhost needs on this machine and in
 * its settings — Node, the data directory, the sandbox, the store, model providers, MCP servers,
 * the profile and the databases, language servers and search it configures — and says what to
 * fix. Exit 1 when a check fails.
 */
export async function doctorCommand(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, { json: { type: 'boolean' }, profile: { type: 'string' } })
  const env = process.env
  // Read before anything below opens (and so creates or upgrades) the store.
  const store = storeCheck(host.dataDir)
  const checks: HealthCheck[] = [nodeCheck(), dataDirCheck(host.dataDir), ...(await sandboxChecks()), store]
  const profiled = await guarded('profile', () => profileChecks(host, values.profile))
  const profile = 'profile' in profiled ? profiled.profile : undefined
  const [providers, mcp] = await Promise.all([
    guarded('providers', () => providerCheck(env, profile?.model)),
    guarded('mcp servers', () => mcpChecks(host.mcp())),
  ])
  checks.push(...asList(providers), ...asList(mcp), ...('checks' in profiled ? profiled.checks : [profiled]))
  if (profile !== undefined) checks.push(...(await settingsChecks(host, profile, env)))
  if (values.json === true) io.out(JSON.stringify(checks, null, 2))
  else for (const check of checks) io.out(`${marks[check.status]} ${check.name}: ${check.detail}`)
  return checks.some((check) => check.status === 'fail') ? exitCodes.failed : exitCodes.ok
}

const marks: Readonly<Record<HealthCheck['status'], string>> = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' }

async function settingsChecks(
  host: ToolHost,
  profile: Profile,
  env: Readonly<Record<string, string | undefined>>,
): Promise<HealthCheck[]> {
  const [processTools, databases] = await Promise.all([
    guarded('process tools', () => processToolsCheck(host, profile)),
    guarded('databases', () => databaseChecks(profile, host.workspaceDir, env)),
  ])
  return [
    processTools,
    ...languageServerChecks(profile, host.workspaceDir, env.PATH),
    ...asList(databases),
    webSearchCheck(profile, env),
  ]
}

/** A check's result, or a failed check saying why it could not be made. */
async function guarded<T>(name: string, check: () => Promise<T>): Promise<T | HealthCheck> {
  try {
    return await check()
  } catch (error) {
    return {
      name,
      status: 'fail',
      detail: `could not be checked: ${error instanceof Error ? error.message : String(error)}`,
    }
  }
}

function asList(value: HealthCheck | readonly HealthCheck[]): readonly HealthCheck[] {
  return Array.isArray(value) ? value : [value as HealthCheck]
}

function nodeCheck(): HealthCheck {
  const major = Number(process.versions.node.split('.')[0])
  return major >= oldestNode
    ? { name: 'node', status: 'ok', detail: `Node ${process.versions.node}` }
    : {
        name: 'node',
        status: 'fail',
        detail: `Node ${process.versions.node}; toolhost needs Node ${oldestNode} or newer`,
      }
}

function dataDirCheck(dataDir: string): HealthCheck {
  try {
    mkdirSync(dataDir, { recursive: true })
    accessSync(dataDir, constants.W_OK)
    return { name: 'data directory', status: 'ok', detail: dataDir }
  } catch (error) {
    return {
      name: 'data directory',
      status: 'fail',
      detail: `${dataDir} is not writable (${error instanceof Error ? error.message : String(error)}); give --data-dir or TOOLHOST_HOME`,
    }
  }
}
