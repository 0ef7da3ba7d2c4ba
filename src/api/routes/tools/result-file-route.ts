import { createReadStream } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import { extname, join, sep } from 'node:path'
import { z } from 'zod'
import { RESULTS_FOLDER } from '../../../results/result-files.js'
import { ApiError, defineRoute } from '../../route.js'

const segment = z
  .string()
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/, 'must be one file or folder name')
  .refine((name) => !name.includes('..'), 'must not contain ".."')

const types: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.pdf': 'application/pdf',
}

/**
 * The API address of a result file of a run, from its workspace path (`tool-results/<invocation>/<file>`).
 * @example resultFileUrl('run_1', 'tool-results/inv_1/round-001-call_ab-image-1.png') // '/api/results/run_1/inv_1/round-001-call_ab-image-1.png'
 */
export function resultFileUrl(runId: string, workspacePath: string): string {
  const inside = workspacePath.startsWith(`${RESULTS_FOLDER}/`)
    ? workspacePath.slice(RESULTS_FOLDER.length + 1)
    : workspacePath
  return `/api/results/${encodeURIComponent(runId)}/${inside.split('/').map(encodeURIComponent).join('/')}`
}

/**
 * `GET /api/results/:runId/:invocationId/:file`: one result file of a run (an image…), read-only.
 * @example apiMount(ctx, access, sessions, [resultFileRoute])
 */
export const resultFileRoute = defineRoute({
  method: 'GET',
  path: '/api/results/:runId/:invocationId/:file',
  tag: 'tools',
  summary: "A result file of a run (images of results), from that run's tool-results folder only",
  params: z.object({ runId: segment, invocationId: segment, file: segment }),
  handle: async ({ params, ctx }) => {
    if (ctx.store.getRun(params.runId) === undefined)
      throw new ApiError(404, `No run ${params.runId}; GET /api/runs lists the runs`)
    const folder = join(ctx.store.runDir(params.runId), RESULTS_FOLDER)
    const wanted = join(folder, params.invocationId, params.file)
    // The real path must stay inside the folder: a link placed there cannot lead elsewhere.
    const real = await realpath(wanted).catch(() => undefined)
    const realFolder = await realpath(folder).catch(() => undefined)
    if (real === undefined || realFolder === undefined || !real.startsWith(realFolder + sep))
      throw new ApiError(404, `No result file ${params.invocationId}/${params.file} in run ${params.runId}`)
    const info = await stat(real)
    if (!info.isFile()) throw new ApiError(404, `${params.invocationId}/${params.file} is not a file`)
    return {
      stream: (res) => {
        res.writeHead(200, {
          'content-type': types[extname(real).toLowerCase()] ?? 'application/octet-stream',
          'content-length': String(info.size),
          'cache-control': 'private, max-age=3600',
          // A stored file is data, never a page: no scripts run from it.
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
          'x-content-type-options': 'nosniff',
        })
        createReadStream(real).pipe(res)
      },
    }
  },
})
