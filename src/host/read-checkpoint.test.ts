import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import { StoredStateError } from '../core/versioned-state.js'
import { TurnPausedError } from '../execution/execute-turn.js'
import { createToolHost, type ToolHost } from './create-tool-host.js'

const hosts: ToolHost[] = []
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close()
})

async function openHost(dataDir: string, workspaceDir: string): Promise<ToolHost> {
  const host = await createToolHost({ dataDir, workspaceDir, watchProcessTools: false, processDirs: [] })
  hosts.push(host)
  return host
}

/** An invocation that read notes.txt and paused writing it, in a host that is closed again. */
async function pausedInvocation() {
  const dataDir = tempDir()
  const workspaceDir = tempDir()
  writeFileSync(join(workspaceDir, 'notes.txt'), 'one\n')
  const host = await openHost(dataDir, workspaceDir)
  const inv = await host.createInvocation({
    scope: 'session',
    protocol: 'anthropic',
    profile: { tools: { allow: ['builtin:workspace.read_file', 'builtin:workspace.write_file'] } },
  })
  await inv.executeTurn({
    calls: [{ callId: 'r', name: 'workspace_read_file', arguments: { file_path: 'notes.txt' } }],
  })
  const write = { callId: 'w', name: 'workspace_write_file', arguments: { file_path: 'notes.txt', content: 'two\n' } }
  const paused = await inv.executeTurn({ calls: [write] }).catch((error: unknown) => error)
  expect(paused).toBeInstanceOf(TurnPausedError)
  const dbPath = host.store().dbPath
  await host.close()
  return { dataDir, workspaceDir, id: inv.id, approvalId: (paused as TurnPausedError).approvalIds[0] ?? '', dbPath }
}

/** A checkpoint without its version, its calls awaiting approval as the slots of the older form. */
const unversionedSlots = `json_remove(json_set(json_remove(data, '$.version'), '$.pendingTurn.slots', (
  SELECT json_group_array(json_object('kind', 'pending', 'callId', c.value ->> 'callId', 'alias', c.value ->> 'alias',
    'input', json(c.value -> 'input'), 'approvalId', c.value ->> 'approvalId', 'alwaysRule', c.value ->> 'alwaysRule'))
  FROM json_each(data, '$.pendingTurn.calls') c WHERE c.value ->> 'phase' = 'awaiting_approval')), '$.pendingTurn.calls')`

/** Changes the stored rows of an invocation with SQL, as another program (or toolhost build) would. */
function rewrite(dbPath: string, id: string, checkpoint: string, snapshot = 'snapshot'): void {
  const db = new DatabaseSync(dbPath)
  try {
    db.prepare(
      `UPDATE checkpoints SET data = ${checkpoint} WHERE invocation_id = ? AND seq = (SELECT max(seq) FROM checkpoints WHERE invocation_id = ?)`,
    ).run(id, id)
    db.prepare(`UPDATE invocations SET snapshot = ${snapshot} WHERE id = ?`).run(id)
  } finally {
    db.close()
  }
}

function storedVersions(dbPath: string, id: string): { checkpoint: unknown; snapshot: unknown } {
  const db = new DatabaseSync(dbPath, { readOnly: true })
  try {
    const checkpoint = db
      .prepare('SELECT data ->> ? AS v FROM checkpoints WHERE invocation_id = ? ORDER BY seq DESC LIMIT 1')
      .get('$.version', id)
    const snapshot = db.prepare('SELECT snapshot ->> ? AS v FROM invocations WHERE id = ?').get('$.version', id)
    return { checkpoint: checkpoint?.v, snapshot: snapshot?.v }
  } finally {
    db.close()
  }
}

async function resumeRefusal(host: ToolHost, id: string): Promise<StoredStateError> {
  const error: unknown = await host.resumeInvocation(id).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(StoredStateError)
  return error as StoredStateError
}

describe('resuming from stored state', () => {
  it('stores checkpoints and snapshots with their version', async () => {
    const { dbPath, id } = await pausedInvocation()
    expect(storedVersions(dbPath, id)).toEqual({ checkpoint: 3, snapshot: 2 })
  })

  it('continues a turn paused by a build that stored no versions, in another host, and stores the version', async () => {
    const { dataDir, workspaceDir, id, approvalId, dbPath } = await pausedInvocation()
    // The paused call back in the slot form the builds before call states stored.
    rewrite(dbPath, id, unversionedSlots, "json_remove(snapshot, '$.version')")
    expect(storedVersions(dbPath, id)).toEqual({ checkpoint: null, snapshot: null })
    const host = await openHost(dataDir, tempDir())
    const outcome = await host.approvals.approve(approvalId)
    expect(outcome.results).toMatchObject([{ callId: 'w', isError: false }])
    // The resumed invocation works in its own directory and keeps what it read before the pause.
    expect(readFileSync(join(workspaceDir, 'notes.txt'), 'utf8')).toBe('two\n')
    expect(storedVersions(dbPath, id).checkpoint).toBe(3)
  })

  it('refuses a checkpoint from a newer toolhost with a message that says what to do', async () => {
    const { dataDir, workspaceDir, id, dbPath } = await pausedInvocation()
    rewrite(dbPath, id, "json_set(data, '$.version', 4)")
    const error = await resumeRefusal(await openHost(dataDir, workspaceDir), id)
    expect(error.code).toBe('state.newer_version')
    expect(error.message).toBe(
      `Checkpoint of invocation ${id} was written by a newer toolhost (version 4; this build reads up to 3). Upgrade toolhost to resume it.`,
    )
  })

  it('refuses a snapshot from a newer toolhost', async () => {
    const { dataDir, workspaceDir, id, dbPath } = await pausedInvocation()
    rewrite(dbPath, id, 'data', "json_set(snapshot, '$.version', 5)")
    const error = await resumeRefusal(await openHost(dataDir, workspaceDir), id)
    expect(error.message).toBe(
      `Snapshot of invocation ${id} was written by a newer toolhost (version 5; this build reads up to 2). Upgrade toolhost to resume its invocation.`,
    )
  })

  it('refuses a damaged checkpoint, naming what is wrong', async () => {
    const { dataDir, workspaceDir, id, dbPath } = await pausedInvocation()
    rewrite(dbPath, id, "json_set(data, '$.gateState.callsUsed', 'many')")
    const error = await resumeRefusal(await openHost(dataDir, workspaceDir), id)
    expect(error.code).toBe('state.unreadable')
    expect(error.message).toBe(
      `Checkpoint of invocation ${id} cannot be read (version 3): gateState.callsUsed: Invalid input: expected number, received string. It is damaged or was not written by toolhost; start a new invocation instead.`,
    )
  })
})
