import { describe, expect, it } from 'vitest'
import type { SnapshotBinding } from '../../snapshot/snapshot-binding.js'
import { geminiProtocol } from '../../snapshot/protocols/gemini.js'
import { modelTools } from './model-tools.js'
import { resolveModel } from './resolve-model.js'

function binding(alias: string, inputSchema: Record<string, unknown>, strict = false): SnapshotBinding {
  return {
    toolId: `builtin:${alias}` as SnapshotBinding['toolId'],
    alias,
    description: `Does ${alias}.`,
    inputSchema,
    strict,
    dropped: [],
    annotations: {},
    completion: false,
  }
}

const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }]

/** A fetch that records the request body and answers with a minimal non-streaming reply. */
function capturingFetch(reply: unknown): { fetch: typeof globalThis.fetch; bodies: unknown[]; urls: string[] } {
  const bodies: unknown[] = []
  const urls: string[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    urls.push(String(input))
    bodies.push(JSON.parse(String(init?.body)))
    return Promise.resolve(
      new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } }),
    )
  }
  return { fetch, bodies, urls }
}

const geminiReply = {
  candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1 },
}

describe('modelTools', () => {
  it('maps bindings to function tools: alias, description, schema, strict only when set', () => {
    const schema = {
      type: 'object',
      properties: { file_path: { type: 'string' } },
      required: ['file_path'],
      additionalProperties: false,
    }
    const tools = modelTools(
      [binding('workspace_read_file', schema, true), binding('dice_roll', { type: 'object', properties: {} })],
      'openai-responses',
    )
    expect(tools).toEqual([
      {
        type: 'function',
        name: 'workspace_read_file',
        description: 'Does workspace_read_file.',
        inputSchema: schema,
        strict: true,
      },
      {
        type: 'function',
        name: 'dice_roll',
        description: 'Does dice_roll.',
        inputSchema: { type: 'object', properties: {} },
      },
    ])
  })

  it('declares a Gemini tool without parameters as a bare object schema', () => {
    const compiled = geminiProtocol.compileSchema({ type: 'object', properties: {}, additionalProperties: false })
    expect(compiled.schema).toEqual({ type: 'object' })
    const tools = modelTools(
      [binding('tools_list', compiled.schema), binding('empty', { type: 'object', properties: {}, required: [] })],
      'gemini',
    )
    expect(tools.map((tool) => tool.inputSchema)).toEqual([{ type: 'object' }, { type: 'object' }])
  })

  it('sends Gemini a valid declaration for a tool without parameters (request captured through fetch)', async () => {
    const capture = capturingFetch(geminiReply)
    const { model } = resolveModel('google:gemini-2.5-flash', { apiKey: 'k', fetch: capture.fetch })
    const withParams = binding('weather', {
      type: 'object',
      properties: { location: { type: 'string' } },
      required: ['location'],
    })
    const noParams = binding('tools_list', { type: 'object', properties: {} })
    await model.doGenerate({ prompt, tools: modelTools([withParams, noParams], 'gemini') })
    expect(capture.urls[0]).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent',
    )
    const body = capture.bodies[0] as { tools: { functionDeclarations: Record<string, unknown>[] }[] }
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'weather',
            description: 'Does weather.',
            parametersJsonSchema: {
              type: 'object',
              properties: { location: { type: 'string' } },
              required: ['location'],
            },
          },
          { name: 'tools_list', description: 'Does tools_list.', parametersJsonSchema: { type: 'object' } },
        ],
      },
    ])
    // Never an OBJECT with empty properties, never the OpenAPI `parameters` field.
    expect(JSON.stringify(body)).not.toContain('"properties":{}')
    expect(JSON.stringify(body)).not.toContain('"parameters"')
  })

  it('sends strict: true for strict bindings to OpenAI and false otherwise (Responses defaults to strict)', async () => {
    const capture = capturingFetch({
      id: 'resp_1',
      object: 'response',
      created_at: 1,
      status: 'completed',
      model: 'gpt-4.1',
      output: [
        {
          id: 'msg_1',
          type: 'message',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'ok', annotations: [] }],
        },
      ],
      usage: { input_tokens: 1, output_tokens: 1 },
    })
    const { model } = resolveModel('openai:gpt-4.1', { apiKey: 'k', fetch: capture.fetch })
    const strictSchema = {
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
      additionalProperties: false,
    }
    await model.doGenerate({
      prompt,
      tools: modelTools(
        [binding('strict_tool', strictSchema, true), binding('loose_tool', { type: 'object', properties: {} })],
        'openai-responses',
      ),
    })
    const body = capture.bodies[0] as { tools: Record<string, unknown>[] }
    expect(body.tools.map((tool) => [tool.name, tool.strict])).toEqual([
      ['strict_tool', true],
      ['loose_tool', false],
    ])
  })
})
