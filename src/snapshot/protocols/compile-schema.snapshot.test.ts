import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { getProtocol } from './index.js'
import { protocolNames } from '../../core/protocol-name.js'
import type { JsonSchema } from '../../core/json-schema.js'

/** Realistic tool input schemas: most from zod 4 (as TypeScript tools write them), one as an MCP server sends it. */
const toJson = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema) as JsonSchema

interface Section {
  title: string
  children?: Section[] | undefined
}
const section: z.ZodType<Section> = z.object({
  title: z.string().describe('Heading text'),
  get children() {
    return z.array(section).optional()
  },
})

const cases: Record<string, JsonSchema> = {
  'read-file': toJson(
    z.object({
      file_path: z.string().describe('Absolute path of the file'),
      offset: z.number().int().min(1).optional().describe('First line to read, 1-based'),
      limit: z.number().int().positive().optional(),
    }),
  ),
  'search-issues': toJson(
    z.object({
      query: z.string().min(1),
      state: z.enum(['open', 'closed', 'all']).default('open'),
      since: z.iso.datetime().optional().describe('Only issues updated after this time'),
      due: z.iso.date().optional(),
      assignee: z.email().nullable(),
      labels: z.array(z.string()).max(10).optional(),
      page: z.int().min(1).default(1),
    }),
  ),
  'http-request': toJson(
    z.object({
      url: z.url(),
      method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
      headers: z.record(z.string(), z.string()).optional(),
      body: z.union([z.string(), z.object({ json: z.unknown() })]).optional(),
      timeout_ms: z.number().positive().max(60_000).optional(),
    }),
  ),
  outline: toJson(z.object({ sections: z.array(section), depth: z.literal([1, 2, 3]).optional() })),
  'edit-action': toJson(
    z.discriminatedUnion('action', [
      z.object({ action: z.literal('insert'), line: z.int().nonnegative(), text: z.string() }),
      z.object({ action: z.literal('delete'), from: z.int(), to: z.int() }),
      z.object({ action: z.literal('replace'), pattern: z.string(), with: z.string(), all: z.boolean().optional() }),
    ]),
  ),
  'mcp-draft-07': {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $comment: 'as a Python MCP server emits it',
    type: 'object',
    properties: {
      repo: { $ref: '#/definitions/Repo' },
      ref: { type: ['string', 'null'], default: null, examples: ['main'] },
      paths: { type: 'array', items: { type: 'string' }, uniqueItems: true },
      options: { type: 'object', additionalProperties: true },
      mode: { const: 'fast' },
      retries: { type: 'integer', enum: [0, 1, 3] },
    },
    required: ['repo', 'paths'],
    definitions: {
      Repo: {
        type: 'object',
        properties: { owner: { type: 'string' }, name: { type: 'string', pattern: '^[\\w.-]+$' } },
        required: ['owner', 'name'],
        title: 'Repo',
      },
    },
  },
  'no-arguments': toJson(z.object({})),
}

describe.each(protocolNames)('%s compiled schemas', (name) => {
  const protocol = getProtocol(name)
  it.each(Object.keys(cases))('%s', async (caseName) => {
    const source = cases[caseName] ?? {}
    const compiled = protocol.compileSchema(source)
    await expect(`${JSON.stringify(compiled, null, 2)}\n`).toMatchFileSnapshot(
      `./__snapshots__/${name}/${caseName}.json`,
    )
    if (protocol.supportsStrict) {
      const strict = protocol.compileSchema(source, { strict: true })
      await expect(`${JSON.stringify(strict, null, 2)}\n`).toMatchFileSnapshot(
        `./__snapshots__/${name}/${caseName}.strict.json`,
      )
    }
  })
})
