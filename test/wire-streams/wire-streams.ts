import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { SnapshotBinding } from '../../src/snapshot/snapshot-binding.js'

/**
 * Hand-written model streams in each provider's wire format (`<api>/<name>.sse`, served byte for
 * byte) and what a correct reader makes of them (`streams.json`). `<api>/answer.sse` is a plain
 * text answer in the same format, for the turn after the calls.
 */

/** A call a stream holds: its arguments as an object, or the raw text of arguments that are not one. */
export type ExpectedCall = {
  /** Absent where the provider sends no id (Gemini): the package makes one up. */
  readonly id?: string
  readonly name: string
  /** Gemini's signature on the part, which must go back with the call on the next turn. */
  readonly thoughtSignature?: string
} & ({ readonly arguments: Record<string, unknown> } | { readonly invalid: string })

export interface WireStream {
  /** `<api>/<name>.sse` under this folder. */
  readonly file: string
  /** What the stream exercises. */
  readonly about: string
  /** The `provider:model` string whose package reads it. */
  readonly model: string
  /** The path (and query) the package requests under the base URL `<origin>/v1`. */
  readonly path: string
  readonly text: string
  readonly reasoning?: string
  readonly calls: readonly ExpectedCall[]
}

export interface WireTool {
  readonly description: string
  readonly inputSchema: Record<string, unknown>
}

interface StreamsFile {
  readonly tools: Readonly<Record<string, WireTool>>
  readonly streams: readonly WireStream[]
}

const root = import.meta.dirname
const data = JSON.parse(readFileSync(join(root, 'streams.json'), 'utf8')) as StreamsFile

export const wireStreams: readonly WireStream[] = data.streams
export const wireTools: Readonly<Record<string, WireTool>> = data.tools

/** The wire API a stream speaks: its folder. */
export function apiOf(stream: WireStream): string {
  return dirname(stream.file)
}

/** The stream's body, as the server sends it. */
export function streamBody(stream: WireStream): string {
  return readFileSync(join(root, stream.file), 'utf8')
}

/** A text-only answer in the stream's wire format. */
export function answerBody(stream: WireStream): string {
  return readFileSync(join(root, apiOf(stream), 'answer.sse'), 'utf8')
}

/** The text of `answer.sse`, the same in every format. */
export const answerText = 'Logged and checked.'

/** Snapshot bindings for the tools a stream calls, as the loop would offer them. */
export function bindingsFor(stream: WireStream): SnapshotBinding[] {
  const names = [...new Set(stream.calls.map((call) => call.name))]
  return names.map((alias) => {
    const tool = wireTools[alias]
    if (tool === undefined) throw new Error(`${stream.file}: ${alias} is not in streams.json tools`)
    return {
      toolId: `builtin:${alias}` as SnapshotBinding['toolId'],
      alias,
      description: tool.description,
      inputSchema: tool.inputSchema,
      strict: false,
      dropped: [],
      annotations: {},
      completion: false,
    }
  })
}
