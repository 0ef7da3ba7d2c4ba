import type { ToolCallContext } from '../../tool/define-tool.js'
import type { RunServices } from '../../tool/run-services.js'

/**
 * The run services of a call. Tools that use this declare `requires: ['run']` and are offered only
 * to invocations driven by the agent loop, so a call without them is a host wiring fault, not
 * something the model can fix: it throws a plain Error (a runtime failure that ends the run).
 */
export function runOf(ctx: ToolCallContext): RunServices {
  if (ctx.run === undefined)
    throw new Error(`${ctx.toolId} needs the agent run's services (requires: ['run']), but the call context has none`)
  return ctx.run
}
