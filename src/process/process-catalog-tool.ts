import type { CatalogTool } from '../catalog/catalog-tool.js'
import { compileInputSchema } from '../extensions/json-schema-validator.js'
import { formatToolId } from '../core/tool-id.js'
import { withDefaults } from './parameters-schema.js'
import { processTexts } from './process-errors.js'
import { processLimits, totalTimeMs, type ProcessToolSpec } from './process-spec.js'
import type { ProcessToolOptions } from './run-process-tool.js'

export type { ProcessToolOptions } from './run-process-tool.js'

/** A process tool as the catalog holds it, with the spec it runs from. */
export interface ProcessCatalogTool extends CatalogTool {
  readonly source: 'process'
  readonly spec: ProcessToolSpec
}

// The executor's limit leaves the loop time to stop the process group and report its own timeout.
const stopMarginMs = processLimits.killGraceMs + 1000

/**
 * The catalog entry of a process tool: ToolId `process/<pack>:<name>`, the parameters as a closed
 * JSON Schema checked with ajv (declared defaults filled in), not read-only unless the spec says
 * `readOnly: true`, destructive when high risk, no resources declared (so calls take an exclusive
 * claim unless read-only). High-risk tools ask before every call. The command is resolved from the
 * spec when a call runs.
 */
export function createProcessCatalogTool(spec: ProcessToolSpec, options: ProcessToolOptions = {}): ProcessCatalogTool {
  const id = formatToolId(`process/${spec.pack}`, spec.name)
  const validate = compileInputSchema(spec.inputSchema)
  return {
    id,
    source: 'process',
    nativeName: spec.name,
    spec,
    describe: () => spec.description,
    inputSchema: spec.inputSchema,
    // The schema itself is closed (`additionalProperties: false`); ajv names unknown keys.
    closedSchema: false,
    annotations: {
      readOnly: spec.readOnly,
      destructive: spec.risk === 'high',
      ...(spec.httpAllow.length > 0 && { openWorld: true }),
    },
    scopes: spec.scopes,
    completion: false,
    timeoutMs: totalTimeMs(spec) + stopMarginMs,
    pagesItself: false,
    returnsImages: false,
    renamedParameters: {},
    validate: async (input) => {
      const checked = validate(input)
      return checked.ok ? { ok: true, value: withDefaults(checked.value, spec.parameters) } : checked
    },
    checkPermissions: async () =>
      spec.risk === 'high' ? { behavior: 'ask', reason: processTexts.highRisk } : { behavior: 'allow' },
    // The runner (spawning, and the HTTP client of HTTP operations) loads with the first call.
    call: async (input, ctx) => (await import('./run-process-tool.js')).runProcessTool(spec, id, input, ctx, options),
  }
}
