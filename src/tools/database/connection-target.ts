import { realpath } from 'node:fs/promises'
import type { DatabaseConnection } from '../../profile/database-settings.js'
import type { Profile } from '../../profile/profile-schema.js'
import type { Workspace } from '../../workspace/workspace.js'
import { connectionFailed, missingVariable, unknownConnection } from './database-errors.js'

/** A connection ready to open: a SQLite file checked by the workspace, or a PostgreSQL URL with its variables filled. */
export type DatabaseTarget =
  | {
      readonly kind: 'sqlite'
      readonly name: string
      /** The real host path of the file (symbolic links resolved), inside the workspace. */
      readonly hostPath: string
      /** The workspace path, for messages. */
      readonly shown: string
      readonly statementTimeoutMs: number
    }
  | {
      readonly kind: 'postgres'
      readonly name: string
      readonly url: string
      /** The URL without its password, for messages. */
      readonly shown: string
      readonly readOnlyRole?: string
      readonly statementTimeoutMs: number
    }

/** The kind of database a connection URL names. */
export function connectionKind(url: string): 'sqlite' | 'postgres' {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres'
}

/**
 * The profile's connection `name`.
 * @throws ToolError `database.unknown_connection`, listing the profile's connections
 */
export function connectionNamed(profile: Profile, name: string): DatabaseConnection {
  const connection = Object.hasOwn(profile.databases, name) ? profile.databases[name] : undefined
  if (connection === undefined) throw unknownConnection(name, Object.keys(profile.databases))
  return connection
}

/**
 * Fills `${NAME}` in a connection URL from `env`; in a PostgreSQL URL the value is URL-encoded, so a
 * password may hold any character.
 * @throws ToolError `database.missing_variable` when a variable is not set
 * @example fillVariables('main', 'postgres://app:${PGPASSWORD}@db/app', { PGPASSWORD: 'a@b' }) // 'postgres://app:a%40b@db/app'
 */
export function fillVariables(name: string, url: string, env: NodeJS.ProcessEnv): string {
  const encode = connectionKind(url) === 'postgres'
  return url.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, variable: string) => {
    const value = env[variable]
    if (value === undefined) throw missingVariable(name, variable)
    return encode ? encodeURIComponent(value) : value
  })
}

/**
 * Resolves connection `name` of the profile for opening. A SQLite path is a workspace path: escapes
 * and toolhost's own files are refused by the workspace, and the file is named by its real path so
 * that the SQLite process can check it opened that file.
 * @throws ToolError `database.unknown_connection`, `database.missing_variable`,
 *   `database.connection_failed`, or the workspace's errors for a refused path
 */
export async function resolveTarget(
  profile: Profile,
  name: string,
  workspace: Workspace,
  env: NodeJS.ProcessEnv = process.env,
): Promise<DatabaseTarget> {
  const connection = connectionNamed(profile, name)
  const url = fillVariables(name, connection.url, env)
  const statementTimeoutMs = connection.statementTimeoutMs
  if (connectionKind(url) === 'postgres')
    return {
      kind: 'postgres',
      name,
      url,
      shown: withoutPassword(url),
      statementTimeoutMs,
      ...(connection.readOnlyRole !== undefined && { readOnlyRole: connection.readOnlyRole }),
    }
  const path = url.slice('sqlite:'.length)
  const resolved = await workspace.resolve(path, 'read')
  let hostPath: string
  try {
    hostPath = await realpath(resolved.hostPath)
  } catch (error) {
    throw connectionFailed(
      name,
      resolved.path,
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error),
    )
  }
  // The real path is checked again: a link may have changed since the first check.
  await workspace.resolve(hostPath, 'read')
  return { kind: 'sqlite', name, hostPath, shown: resolved.path, statementTimeoutMs }
}

/** A PostgreSQL URL with its password replaced by `***`. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password !== '') parsed.password = '***'
    parsed.searchParams.forEach((_value, key) => {
      if (key.toLowerCase() === 'password') parsed.searchParams.set(key, '***')
    })
    return parsed.toString()
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@')
  }
}
