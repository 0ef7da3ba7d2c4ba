import { z } from 'zod'
import type { ApiRoute } from './route.js'

/**
 * The OpenAPI 3.1 document of the API, made from the same zod schemas the server validates with
 * (served at `/api/openapi.json`).
 */
export function openApiDocument(routes: readonly ApiRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z_]\w*)/g, '{$1}')
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      ...(route.body !== undefined && {
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } },
      }),
      responses: {
        '200': route.streams
          ? { description: 'Server-sent events', content: { 'text/event-stream': { schema: { type: 'string' } } } }
          : {
              description: 'Success',
              content: { 'application/json': { schema: route.response ? jsonSchema(route.response, 'output') : {} } },
            },
        '400': { description: 'Invalid path, query or body: the issues name each field' },
        '401': { description: 'No token and no session' },
        '403': { description: 'A foreign Host or Origin, or a browser change without its CSRF token' },
      },
    }
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'toolhost', version: '1', description: 'The HTTP API of toolhost serve, behind its token.' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        session: { type: 'apiKey', in: 'cookie', name: 'toolhost_session' },
      },
    },
    security: [{ bearer: [] }, { session: [] }],
    paths,
  }
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): unknown {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>
  return rest
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): Record<string, unknown>[] {
  if (schema === undefined) return []
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] }
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }))
}
