import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  ErrorCode,
  McpError,
  type GetPromptResult,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js'
import { redPixelPng } from './fixture-tools.js'

/*
 * toolhost serves tools; resources, prompts, logging and completion are not toolhost concepts.
 * The conformance suite also checks them, so this example adds them with the SDK's request
 * handlers through serveMcp's `configure` hook, beside toolhost's tools.
 */

const resources = [
  { uri: 'test://static-text', name: 'static-text', description: 'A static text resource', mimeType: 'text/plain' },
  { uri: 'test://static-binary', name: 'static-binary', description: 'A static PNG resource', mimeType: 'image/png' },
  {
    uri: 'test://watched-resource',
    name: 'watched-resource',
    description: 'A resource to subscribe to',
    mimeType: 'text/plain',
  },
]

function readResource(uri: string): ReadResourceResult {
  if (uri === 'test://static-text')
    return { contents: [{ uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }] }
  if (uri === 'test://static-binary') return { contents: [{ uri, mimeType: 'image/png', blob: redPixelPng }] }
  if (uri === 'test://watched-resource')
    return { contents: [{ uri, mimeType: 'text/plain', text: 'Watched resource content.' }] }
  const id = /^test:\/\/template\/([^/]+)\/data$/.exec(uri)?.[1]
  if (id !== undefined)
    return {
      contents: [
        {
          uri,
          mimeType: 'application/json',
          text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
        },
      ],
    }
  throw new McpError(ErrorCode.InvalidParams, `Resource not found: ${uri}`)
}

const prompts = [
  { name: 'test_simple_prompt', description: 'A prompt without arguments' },
  {
    name: 'test_prompt_with_arguments',
    description: 'A prompt with two arguments',
    arguments: [
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ],
  },
  {
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt embedding a resource',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
  },
  { name: 'test_prompt_with_image', description: 'A prompt with an image' },
]

function getPrompt(name: string, args: Record<string, string>): GetPromptResult {
  const user = (content: GetPromptResult['messages'][number]['content']) => ({ role: 'user' as const, content })
  switch (name) {
    case 'test_simple_prompt':
      return { messages: [user({ type: 'text', text: 'This is a simple prompt for testing.' })] }
    case 'test_prompt_with_arguments':
      return {
        messages: [
          user({ type: 'text', text: `Prompt with arguments: arg1='${args.arg1 ?? ''}', arg2='${args.arg2 ?? ''}'` }),
        ],
      }
    case 'test_prompt_with_embedded_resource':
      return {
        messages: [
          user({
            type: 'resource',
            resource: {
              uri: args.resourceUri ?? 'test://example-resource',
              mimeType: 'text/plain',
              text: 'Embedded resource content for testing.',
            },
          }),
          user({ type: 'text', text: 'Please process the embedded resource above.' }),
        ],
      }
    case 'test_prompt_with_image':
      return {
        messages: [
          user({ type: 'image', data: redPixelPng, mimeType: 'image/png' }),
          user({ type: 'text', text: 'Please analyze the image above.' }),
        ],
      }
    default:
      throw new McpError(ErrorCode.InvalidParams, `Prompt not found: ${name}`)
  }
}

/** Adds the suite's resources, prompts, logging level and completion to one session's server. */
export function addConformanceExtras(server: Server): void {
  server.registerCapabilities({
    resources: { subscribe: true, listChanged: true },
    prompts: { listChanged: true },
    logging: {},
    completions: {},
  })
  const subscriptions = new Set<string>()
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources }))
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: 'test://template/{id}/data',
        name: 'template',
        description: 'A templated resource',
        mimeType: 'application/json',
      },
    ],
  }))
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => readResource(request.params.uri))
  server.setRequestHandler(SubscribeRequestSchema, async (request) => (subscriptions.add(request.params.uri), {}))
  server.setRequestHandler(UnsubscribeRequestSchema, async (request) => (subscriptions.delete(request.params.uri), {}))
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts }))
  server.setRequestHandler(GetPromptRequestSchema, async (request) =>
    getPrompt(request.params.name, request.params.arguments ?? {}),
  )
  server.setRequestHandler(SetLevelRequestSchema, async () => ({}))
  server.setRequestHandler(CompleteRequestSchema, async () => ({
    completion: { values: [], total: 0, hasMore: false },
  }))
}
