import { randomBytes } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { RowReader, toJson, type Row } from './row-reader.js'
import { StoreError } from './store-error.js'

/** How to reach an MCP server: a child process over stdio, or a Streamable HTTP endpoint. */
export type McpTransportConfig =
  | {
      readonly kind: 'stdio'
      readonly command: string
      readonly args: readonly string[]
      readonly env: Readonly<Record<string, string>>
    }
  | { readonly kind: 'http'; readonly url: string; readonly headers: Readonly<Record<string, string>> }

/** A registered MCP server. */
export interface McpRegistrationRecord {
  /** Stable id such as `mcp_3f9c0a1b2c3d4e5f6a7b`; tool ids are `mcp/<id>:<tool>`. */
  readonly id: string
  /** Display name; it feeds the model-facing alias `mcp__<name>__<tool>`. */
  readonly name: string
  readonly transport: McpTransportConfig
  readonly createdAt: number
  readonly updatedAt: number
}

/** Whether a discovered tool is offered: not at all, after asking, or freely. */
export type McpToolPermission = 'off' | 'ask' | 'allow'

/** The permissions a tool can have. */
export const mcpToolPermissions: readonly McpToolPermission[] = ['off', 'ask', 'allow']

/** A tool as a server listed it at the last discovery. */
export interface McpToolRecord {
  readonly registrationId: string
  readonly name: string
  /** The server's tool definition as listed (description, inputSchema, annotations, …), untrusted. */
  readonly definition: Record<string, unknown>
  readonly fingerprint: string
  readonly permission: McpToolPermission
  readonly listedAt: number
}

/** A tool to cache; its permission is decided by the caller. */
export type NewMcpTool = Omit<McpToolRecord, 'registrationId' | 'listedAt'>

/** Storage of MCP registrations and their cached tools. */
export interface McpServerStore {
  /** @throws StoreError `store.invalid_value` for an empty name */
  createRegistration(name: string, transport: McpTransportConfig): McpRegistrationRecord
  getRegistration(id: string): McpRegistrationRecord | undefined
  listRegistrations(): McpRegistrationRecord[]
  /** Removes a registration and its tools; returns whether it existed. */
  removeRegistration(id: string): boolean
  /** The cached tools of a registration, by name. */
  tools(registrationId: string): McpToolRecord[]
  tool(registrationId: string, name: string): McpToolRecord | undefined
  /** Replaces the whole cache of a registration (tools not given are dropped). */
  replaceTools(registrationId: string, tools: readonly NewMcpTool[]): void
  /** @throws StoreError `store.not_found` when the tool is not cached */
  setPermission(registrationId: string, name: string, permission: McpToolPermission): void
}

const stringMap = z.record(z.string(), z.string())
const transportSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stdio'), command: z.string(), args: z.array(z.string()), env: stringMap }),
  z.object({ kind: z.literal('http'), url: z.string(), headers: stringMap }),
])
const definitionSchema = z.record(z.string(), z.unknown())

/** The MCP tables (`mcp_registrations`, `mcp_tools`) of one connection. */
export function mcpServerTable(db: DatabaseSync, now: () => number): McpServerStore {
  const insertReg = db.prepare(
    'INSERT INTO mcp_registrations (id, name, transport, config, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  )
  const regById = db.prepare('SELECT * FROM mcp_registrations WHERE id = ?')
  const regs = db.prepare('SELECT * FROM mcp_registrations ORDER BY created_at, id')
  const deleteReg = db.prepare('DELETE FROM mcp_registrations WHERE id = ?')
  const toolsOf = db.prepare('SELECT * FROM mcp_tools WHERE registration_id = ? ORDER BY name')
  const toolByName = db.prepare('SELECT * FROM mcp_tools WHERE registration_id = ? AND name = ?')
  const deleteTools = db.prepare('DELETE FROM mcp_tools WHERE registration_id = ?')
  const insertTool = db.prepare(
    'INSERT INTO mcp_tools (registration_id, name, definition, fingerprint, permission, listed_at) VALUES (?, ?, ?, ?, ?, ?)',
  )
  const updatePermission = db.prepare('UPDATE mcp_tools SET permission = ? WHERE registration_id = ? AND name = ?')

  return {
    createRegistration(name, transport) {
      if (name.trim() === '') throw new StoreError('store.invalid_value', 'an MCP server needs a display name')
      // Lowercase hex, as other ids: the id is part of tool ids and may name files.
      const id = `mcp_${randomBytes(10).toString('hex')}`
      const at = now()
      insertReg.run(id, name, transport.kind, toJson(transport, 'MCP transport'), at, at)
      return readRegistration(regById.get(id) as Row)
    },
    getRegistration(id) {
      const row = regById.get(id)
      return row === undefined ? undefined : readRegistration(row)
    },
    listRegistrations: () => regs.all().map(readRegistration),
    removeRegistration: (id) => Number(deleteReg.run(id).changes) > 0,
    tools: (registrationId) => toolsOf.all(registrationId).map(readTool),
    tool(registrationId, name) {
      const row = toolByName.get(registrationId, name)
      return row === undefined ? undefined : readTool(row)
    },
    replaceTools(registrationId, tools) {
      // Callers wrap this in a transaction together with reading the previous permissions.
      const at = now()
      deleteTools.run(registrationId)
      for (const t of tools)
        insertTool.run(
          registrationId,
          t.name,
          toJson(t.definition, `MCP tool ${t.name}`),
          t.fingerprint,
          t.permission,
          at,
        )
    },
    setPermission(registrationId, name, permission) {
      if (!mcpToolPermissions.includes(permission))
        throw new StoreError('store.invalid_value', `permission must be one of ${mcpToolPermissions.join(', ')}`)
      if (Number(updatePermission.run(permission, registrationId, name).changes) === 0) {
        throw new StoreError(
          'store.not_found',
          `no cached MCP tool ${name} of ${registrationId}; discover the server first`,
        )
      }
    },
  }
}

function readRegistration(row: Row): McpRegistrationRecord {
  const r = new RowReader(row, `mcp_registrations row id=${String(row.id)}`)
  return {
    id: r.text('id'),
    name: r.text('name'),
    transport: r.json('config', transportSchema),
    createdAt: r.integer('created_at'),
    updatedAt: r.integer('updated_at'),
  }
}

function readTool(row: Row): McpToolRecord {
  const r = new RowReader(row, `mcp_tools row ${String(row.registration_id)}/${String(row.name)}`)
  return {
    registrationId: r.text('registration_id'),
    name: r.text('name'),
    definition: r.json('definition', definitionSchema),
    fingerprint: r.text('fingerprint'),
    permission: r.oneOf('permission', mcpToolPermissions),
    listedAt: r.integer('listed_at'),
  }
}
