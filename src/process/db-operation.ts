import type { OwnerMemory } from '../memory/memory-types.js'
import { StoreError } from '../store/store-error.js'
import { ToolError } from '../core/tool-error.js'
import { fillText } from '../text/model-text.js'
import type { ToolCallContext } from '../tool/define-tool.js'
import type { DbRequest } from './parse-reply.js'
import { processError, processTexts, type RoundRecord } from './process-errors.js'
import { untilAborted } from './until-aborted.js'

/** Who asks for a memory operation, and under which rules. */
export interface DbOperationContext {
  readonly toolId: string
  readonly risk: 'low' | 'high'
  readonly ctx: ToolCallContext
  /** The call's signal, including its total time limit. */
  readonly signal: AbortSignal
  readonly record: RoundRecord
}

// How an approval request and a refusal name each operation.
const actions: Readonly<Record<DbRequest['operation'], string>> = {
  read: 'read memories from',
  write: 'write a memory to',
  search: 'search',
  delete: 'delete a memory from',
}

/**
 * Performs a memory operation for a process on the owner's memory and returns what the process
 * receives as `response`: `{ memories }` for read, `{ memory }` for write, `{ matches }` for search,
 * `{ deleted }` for delete. A high-risk tool's operation runs only once the invocation's approver
 * agrees (`process.db_denied` otherwise), as its HTTP requests do. What the store refuses because
 * of the request (empty text, too many tags, an unknown id) becomes `process.db_failed`; any other
 * failure of the store ends the run, as storage errors do.
 */
export async function performDb(request: DbRequest, op: DbOperationContext): Promise<Record<string, unknown>> {
  const action = actions[request.operation]
  if (op.risk === 'high') {
    const approval = op.ctx.requestApproval({
      reason: fillText(processTexts.approveDbHighRisk, { toolId: op.toolId, action }),
      detail: { ...request },
    })
    if (!(await untilAborted(approval, op.signal)))
      throw processError('process.db_denied', processTexts.dbDenied, { action }, { ...op.record, db: request })
  }
  try {
    return runOperation(request, op.ctx.memory)
  } catch (error) {
    if (error instanceof ToolError) throw error
    if (error instanceof StoreError && (error.code === 'store.invalid_value' || error.code === 'store.not_found')) {
      throw processError(
        'process.db_failed',
        processTexts.dbFailed,
        { operation: request.operation, reason: `${error.message}.` },
        { ...op.record, db: request },
      )
    }
    throw error
  }
}

function runOperation(request: DbRequest, memory: OwnerMemory): Record<string, unknown> {
  switch (request.operation) {
    case 'read': {
      const { operation: _, ...query } = request
      return { memories: memory.read(query) }
    }
    case 'write':
      return {
        memory: memory.write({
          text: request.text,
          ...(request.id !== undefined && { id: request.id }),
          ...(request.tags !== undefined && { tags: request.tags }),
        }),
      }
    case 'search': {
      const options = {
        ...(request.tags !== undefined && { tags: request.tags }),
        ...(request.limit !== undefined && { limit: request.limit }),
      }
      return { matches: memory.search(request.query, options) }
    }
    case 'delete':
      return { deleted: memory.delete(request.id) }
  }
}
