import type { CatalogDiagnostic, CatalogTool } from '../catalog/catalog-tool.js'
import { isScope, type Scope } from '../core/scope.js'
import type { JsonSchema } from '../core/json-schema.js'
import type { ResourceClaim, ToolAnnotations, ToolImage, ToolOutput } from '../tool/define-tool.js'
import { ToolError } from '../core/tool-error.js'
import { formatToolId, type ToolId } from '../core/tool-id.js'
import { compileInputSchema, type JsonInputValidator } from './json-schema-validator.js'

/** What an extension declares about one tool. */
export interface ExtensionToolSpec {
  /** Letters, digits, `_`, `-` and `.`; the ToolId is `extension/<extensionId>:<name>`. */
  readonly extensionId: string
  readonly name: string
  readonly description: string
  /** JSON Schema (2020-12) of the arguments object. */
  readonly inputSchema: JsonSchema
  /** Scopes whose invocations may be offered the tool. */
  readonly contexts: readonly Scope[]
  readonly annotations?: ToolAnnotations
  /** Resources a call claims, for the scheduler. */
  readonly resources?: (args: Record<string, unknown>) => readonly ResourceClaim[]
  /** The tool attaches images; it is offered only to invocations whose model reads images. */
  readonly returnsImages?: boolean
  /** Longest a call may run; default 60 s. */
  readonly timeoutMs?: number
}

/** What an extension function receives besides its arguments. */
export interface ExtensionCallContext {
  /** Aborted when the run is cancelled or the call times out. */
  readonly signal: AbortSignal
  readonly callId: string
  /** Where the call comes from. */
  readonly target: { readonly scope: Scope; readonly invocationId: string }
  /** Attaches an image to the result (normalized and stored by the host). Discarded if the function throws. */
  attachImage(bytes: Uint8Array, mimeType?: string): void
}

/**
 * An extension tool's implementation. It returns JSON: a string is the model's text as is, any
 * other value is shown as JSON (objects are also kept as structured data). Throw `ToolError` for a
 * problem the model can fix.
 */
export type ExtensionFunction = (args: Record<string, unknown>, ctx: ExtensionCallContext) => unknown

/** An extension tool as listed. */
export interface ExtensionToolInfo {
  readonly id: ToolId
  readonly extensionId: string
  readonly name: string
  readonly description: string
  readonly contexts: readonly Scope[]
  readonly enabled: boolean
}

/** Longest an extension call runs unless its spec says otherwise. */
export const extensionTimeoutMs = 60_000

interface Entry {
  readonly spec: ExtensionToolSpec
  readonly fn: ExtensionFunction
  readonly validate: JsonInputValidator
  enabled: boolean
  /** Built when a snapshot or a call first asks for it, then shared. */
  catalogTool?: CatalogTool
}

/**
 * Tools registered by extensions at run time. The snapshot holds no functions: calls look their
 * tool up here by id, so a tool unregistered or disabled after the snapshot is refused cleanly.
 *
 * @example
 * host.extensions.register(
 *   { extensionId: 'notes', name: 'append', description: 'Append a note.', contexts: ['chat'],
 *     inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
 *   async ({ text }) => ({ saved: text }),
 * )
 */
export class ExtensionRegistry {
  readonly #entries = new Map<ToolId, Entry>()

  /**
   * Registers a tool and returns its ToolId.
   * @throws TypeError for a duplicate id, a malformed spec or an invalid input schema
   */
  register(spec: ExtensionToolSpec, fn: ExtensionFunction): ToolId {
    if (!/^[A-Za-z0-9_.-]+$/.test(spec.extensionId)) {
      throw new TypeError(`extensionId "${spec.extensionId}" may contain only letters, digits, "_", "-" and "."`)
    }
    if (spec.name.trim() === '' || /\s/.test(spec.name))
      throw new TypeError(`extension tool name "${spec.name}" must be non-empty without spaces`)
    if (spec.description.trim() === '') throw new TypeError(`extension tool "${spec.name}" needs a description`)
    if (spec.contexts.length === 0 || !spec.contexts.every(isScope)) {
      throw new TypeError(`extension tool "${spec.name}": contexts must list one or more of chat, session`)
    }
    if (typeof fn !== 'function') throw new TypeError(`extension tool "${spec.name}" needs a function`)
    const id = formatToolId(`extension/${spec.extensionId}`, spec.name)
    if (this.#entries.has(id)) throw new TypeError(`extension tool ${id} is already registered`)
    const validate = compileInputSchema(spec.inputSchema)
    this.#entries.set(id, { spec: { ...spec, contexts: [...spec.contexts] }, fn, validate, enabled: true })
    return id
  }

  /** Removes a tool; returns whether it was registered. */
  unregister(id: ToolId): boolean {
    return this.#entries.delete(id)
  }

  /** Enables or disables a tool. Disabled tools stay listed but are not offered or called. */
  setEnabled(id: ToolId, enabled: boolean): void {
    const entry = this.#entries.get(id)
    if (entry === undefined) throw new TypeError(`no extension tool ${id} is registered`)
    entry.enabled = enabled
  }

  /**
   * Lists the tools, optionally those usable in one context, with a diagnostic for each tool that
   * is left out and why.
   */
  list(options: { readonly context?: Scope } = {}): { tools: ExtensionToolInfo[]; diagnostics: CatalogDiagnostic[] } {
    const tools: ExtensionToolInfo[] = []
    const diagnostics: CatalogDiagnostic[] = []
    for (const [id, entry] of [...this.#entries].sort(([a], [b]) => compareIds(a, b))) {
      const { spec } = entry
      const info = {
        id,
        extensionId: spec.extensionId,
        name: spec.name,
        description: spec.description,
        contexts: spec.contexts,
        enabled: entry.enabled,
      }
      if (!entry.enabled) {
        diagnostics.push({ toolId: id, code: 'extension.disabled', message: `${id} is disabled` })
      } else if (options.context !== undefined && !spec.contexts.includes(options.context)) {
        diagnostics.push({
          toolId: id,
          code: 'extension.context_mismatch',
          message: `${id} serves ${spec.contexts.join(', ')}, not ${options.context}`,
        })
      } else {
        tools.push(info)
      }
    }
    return { tools, diagnostics }
  }

  /** The catalog entries of every registered tool, enabled or not, with diagnostics for disabled ones. */
  catalogTools(): { tools: CatalogTool[]; diagnostics: CatalogDiagnostic[] } {
    const tools: CatalogTool[] = []
    const diagnostics: CatalogDiagnostic[] = []
    for (const [id, entry] of this.#entries) {
      if (!entry.enabled) diagnostics.push({ toolId: id, code: 'extension.disabled', message: `${id} is disabled` })
      else tools.push(this.#catalogTool(id, entry))
    }
    return { tools, diagnostics }
  }

  /**
   * The catalog entry of one registered tool, found by id without listing the others; `undefined`
   * when it is not registered or disabled (as {@link catalogTools} would leave it out).
   */
  catalogTool(id: ToolId | string): CatalogTool | undefined {
    const entry = this.#entries.get(id as ToolId)
    return entry === undefined || !entry.enabled ? undefined : this.#catalogTool(id as ToolId, entry)
  }

  #catalogTool(id: ToolId, entry: Entry): CatalogTool {
    const { spec } = entry
    // Nothing in it changes while the entry lives: disabling and unregistering are checked at call time.
    return (entry.catalogTool ??= {
      id,
      source: 'extension',
      nativeName: spec.name,
      describe: () => spec.description,
      inputSchema: spec.inputSchema,
      closedSchema: false,
      annotations: spec.annotations ?? {},
      scopes: spec.contexts,
      completion: false,
      timeoutMs: spec.timeoutMs ?? extensionTimeoutMs,
      pagesItself: false,
      returnsImages: spec.returnsImages ?? false,
      renamedParameters: {},
      validate: async (input) => this.#lookUp(id).validate(input),
      ...(spec.resources !== undefined && { resources: spec.resources }),
      call: (input, ctx) =>
        this.#call(id, input, {
          signal: ctx.signal,
          callId: ctx.callId,
          target: { scope: ctx.scope, invocationId: ctx.invocationId },
        }),
    })
  }

  async #call(
    id: ToolId,
    args: Record<string, unknown>,
    base: Omit<ExtensionCallContext, 'attachImage'>,
  ): Promise<ToolOutput> {
    const entry = this.#lookUp(id)
    const images: ToolImage[] = []
    const attachImage = (bytes: Uint8Array, mimeType?: string) => {
      if (!(bytes instanceof Uint8Array))
        throw new TypeError('attachImage needs the image bytes as a Uint8Array or Buffer')
      images.push(mimeType === undefined ? { bytes } : { bytes, mimeType })
    }
    let value: unknown
    try {
      value = await entry.fn(args, { ...base, attachImage })
    } catch (error) {
      if (error instanceof ToolError) throw error
      // Extension code is not ours: its failure is reported to the model, never crashes the host.
      throw new ToolError(
        'extension.call_failed',
        `This tool failed: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    const output = toOutput(value)
    return images.length > 0 ? { ...output, images } : output
  }

  #lookUp(id: ToolId): Entry {
    const entry = this.#entries.get(id)
    if (entry === undefined)
      throw new ToolError('extension.unavailable', 'This tool is no longer available. Continue without it.')
    if (!entry.enabled) throw new ToolError('extension.disabled', 'This tool has been disabled. Continue without it.')
    return entry
  }
}

function toOutput(value: unknown): { content: string; structured?: Record<string, unknown> } {
  if (typeof value === 'string') return { content: value }
  if (value === undefined) return { content: '' }
  let content: string
  try {
    content = JSON.stringify(value, null, 2) ?? String(value)
  } catch {
    throw new ToolError('extension.bad_result', 'This tool returned a value that is not JSON.')
  }
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value)
  return isObject ? { content, structured: value as Record<string, unknown> } : { content }
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
