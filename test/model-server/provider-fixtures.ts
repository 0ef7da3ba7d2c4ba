import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { hasSharedFixtures, sharedFixturesDir } from '../shared-fixtures.js'

/** The recorded provider streams (Vercel AI SDK test fixtures), shared read-only beside the project. */
export const fixtureRoot = sharedFixturesDir('provider-streams')
const found = hasSharedFixtures('provider-streams')

export interface IndexedCall {
  readonly id?: string
  readonly call_id?: string
  readonly name?: string
  readonly item_type?: string
  readonly execution?: string
  readonly arguments: Record<string, unknown>
}

export interface IndexEntry {
  readonly file: string
  readonly api: string
  readonly tool_calls: readonly IndexedCall[]
}

/** How a fixture folder is served: which provider package answers, at which base URL and path. */
export interface Route {
  /** The model string to resolve. */
  readonly spec: string
  /** Appended to the server origin to form the base URL. */
  readonly basePath: string
  /** The path the provider must request, streaming and not. */
  readonly streamPath: string
  readonly generatePath: string
}

/** Which provider package plays each recording. */
export const routes: Record<string, Route> = {
  'alibaba-tool-call': {
    spec: 'openai-compatible:qwen3-max',
    basePath: '/compatible-mode/v1',
    streamPath: '/compatible-mode/v1/chat/completions',
    generatePath: '/compatible-mode/v1/chat/completions',
  },
  'deepseek-tool-call': {
    spec: 'deepseek:deepseek-reasoner',
    basePath: '',
    streamPath: '/chat/completions',
    generatePath: '/chat/completions',
  },
  // Mistral omits `type: "function"` and `index` on tool calls: @ai-sdk/openai's chat schema refuses
  // that, @ai-sdk/openai-compatible takes it, so Mistral is an openai-compatible server.
  'mistral-tool-call': {
    spec: 'openai-compatible:mistral-small-latest',
    basePath: '/v1',
    streamPath: '/v1/chat/completions',
    generatePath: '/v1/chat/completions',
  },
  'mistral-incremental-tool-call': {
    spec: 'vllm:zai-glm-5-2',
    basePath: '/v1',
    streamPath: '/v1/chat/completions',
    generatePath: '/v1/chat/completions',
  },
  'anthropic-json-tool.1': {
    spec: 'anthropic:claude-haiku-4-5-20251001',
    basePath: '/v1',
    streamPath: '/v1/messages',
    generatePath: '/v1/messages',
  },
  'anthropic-tool-no-args': {
    spec: 'anthropic:claude-sonnet-4-5-20250929',
    basePath: '/v1',
    streamPath: '/v1/messages',
    generatePath: '/v1/messages',
  },
  'google-tool-call': {
    spec: 'google:gemini-3-pro-preview',
    basePath: '/v1beta',
    streamPath: '/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse',
    generatePath: '/v1beta/models/gemini-3-pro-preview:generateContent',
  },
  'google-stream-tool-call-arguments': {
    spec: 'google:gemini-3.1-pro-preview',
    basePath: '/v1beta',
    streamPath: '/v1beta/models/gemini-3.1-pro-preview:streamGenerateContent?alt=sse',
    generatePath: '/v1beta/models/gemini-3.1-pro-preview:generateContent',
  },
  'azure-tool-call.1': {
    spec: 'openai:gpt-5.1',
    basePath: '/openai/v1',
    streamPath: '/openai/v1/responses',
    generatePath: '/openai/v1/responses',
  },
  'openai-client-tool-search.1': {
    spec: 'openai:gpt-5.4',
    basePath: '/v1',
    streamPath: '/v1/responses',
    generatePath: '/v1/responses',
  },
}

/** The recordings' index; empty where the shared folder is absent (the suites reading it skip). */
export const index: IndexEntry[] = found
  ? (JSON.parse(readFileSync(join(fixtureRoot, 'index.json'), 'utf8')) as IndexEntry[])
  : []
export const files = found
  ? readdirSync(fixtureRoot, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((folder) => readdirSync(join(fixtureRoot, folder.name)).map((file) => ({ folder: folder.name, file })))
      .sort((a, b) => a.file.localeCompare(b.file))
  : []

/** A recording's name without its extension: the key of {@link routes}. */
export function fixtureName(file: string): string {
  return file.replace(/\.chunks\.txt$|\.json$/, '')
}
