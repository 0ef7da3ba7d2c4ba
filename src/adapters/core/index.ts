/**
 * The shared core of toolhost's framework adapters (AI SDK, OpenAI Agents SDK, LangChain).
 *
 * How an adapter uses it:
 * 1. `const adapter = createToolhostAdapter(invocation, options, '<framework>')` once per invocation
 *    (`options` is {@link AdapterOptions}: the host, the approval mode, the approver name).
 * 2. For each `adapter.tools` binding, build the framework's tool: name `binding.alias`,
 *    `binding.description`, `binding.inputSchema` (JSON Schema compiled for the snapshot's protocol;
 *    `binding.strict` says whether it is OpenAI-strict).
 * 3. Its execute: `await adapter.call({ callId, alias, arguments, approvedBy?, signal? })` — calls of
 *    one model step are batched into one toolhost turn by themselves. Give the model
 *    `result.content` (it is the exact text, also for errors; `result.isError` tells which), and
 *    `images` where the framework carries image data (else the text alone).
 * 4. Approvals: mode `invocation` — nothing to wire. Mode `framework` — the framework's approval
 *    check is `adapter.needsApproval(alias, args)`; when the framework runs a call its person
 *    approved, pass `approvedBy` (who, for the audit; default `adapter.approver`).
 * 5. `adapter.call` rejects only when the turn cannot run or the tool failed in a way the model
 *    cannot fix (`ToolRuntimeError`); let the framework handle that as a tool failure.
 */
export { createToolhostAdapter, type ToolhostAdapter } from './toolhost-adapter.js'
export type { AdapterOptions, ApprovalMode } from './adapter-options.js'
export type { AdapterCall, AdapterImage, AdapterResult } from './adapter-call.js'
export { TurnBatcher, type Settled } from './turn-batcher.js'
export { askReason, wouldAsk } from './would-ask.js'
export { readImages } from './run-adapter-turn.js'
export { textWithImageNotes } from './image-notes.js'
