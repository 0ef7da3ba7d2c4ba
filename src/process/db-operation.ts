import type { OwnerMemory } from '../memory/memory-types.js'
import { StoreError } from '../store/store-error.js'
import { ToolError } from '../core/tool-error.js'
import type { DbRequest } from './parse-reply.js'
import { processError, processTexts, type RoundRecord } from './process-errors.js'

/**
 * Performs a memory operation for a process on the owner's memory and returns what the process
 * receives as `response`: `{ memories }` for read, `{ memory }` for write, `{ matches }` for search,
 * `{ deleted }` for delete. What the store refuses because of the request (empty text, too many
 * tags, an unknown id) becomes `process.db_failed`; any other failure of the store ends the run, as
 * storage errors do.
 */
export function performDb(request: DbRequest, memory: OwnerMemory, record: RoundRecord): Record<string, unknown> {
  try {
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
  } catch (error) {
    if (error instanceof ToolError) throw error
    if (error instanceof StoreError && (error.code === 'store.invalid_value' || error.code === 'store.not_found')) {
      throw processError(
        'process.db_failed',
        processTexts.dbFailed,
        { operation: request.operation, reason: `${error.message}.` },
        { ...record, db: request },
      )
    }
    throw error
  }
}
