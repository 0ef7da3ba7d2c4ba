import { accessSync, constants, mkdirSync } from 'node:fs'
import type { ToolHost } from '../../host/create-tool-host.js'
import { sandboxChecks, type HealthCheck } from '../../sandbox/sandbox-checks.js'
import type { CliIo } from '../cli-io.js'
import { exitCodes } from '../cli-io.js'
import { parseCommandArgs } from '../common-options.js'

/** The oldest Node the package supports (`engines.node`). */
const oldestNode = 22

/** `toolhost doctor [--json]`: checks what toolhost needs on this machine and says what to fix. Exit 1 when a check fails. */
export async function doctorCommand(host: ToolHost, args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, { json: { type: 'boolean' } })
  const checks = [nodeCheck(), dataDirCheck(host.dataDir), ...(await sandboxChecks())]
  if (values.json === true) io.out(JSON.stringify(checks, null, 2))
  else for (const check of checks) io.out(`${marks[check.status]} ${check.name}: ${check.detail}`)
  return checks.some((check) => check.status === 'fail') ? exitCodes.failed : exitCodes.ok
}

const marks: Readonly<Record<HealthCheck['status'], string>> = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' }

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
