/**
 * The API address of a file a run's call stored (`tool-results/inv-1/…png`): served from below the
 * run's `tool-results/` folder only.
 *
 * @example
 * resultUrl('run_1', 'tool-results/inv_1/round-001-call_ab-file-1.png')
 * // → '/api/results/run_1/inv_1/round-001-call_ab-file-1.png'
 */
export function resultUrl(runId: string, path: string): string {
  const marker = 'tool-results/'
  const at = path.lastIndexOf(marker)
  const inside = at === -1 ? path.replace(/^\/+/, '') : path.slice(at + marker.length)
  return `/api/results/${encodeURIComponent(runId)}/${inside.split('/').map(encodeURIComponent).join('/')}`
}
