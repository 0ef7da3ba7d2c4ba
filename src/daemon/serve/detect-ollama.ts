/**
 * The models of a local Ollama on its default port (or `OLLAMA_HOST`), `undefined` when none
 * answers within a second: `serve` without a model says what to start it with.
 */
export async function detectOllama(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<string[] | undefined> {
  const base = (env.OLLAMA_HOST ?? 'http://127.0.0.1:11434').replace(/\/+$/, '')
  const url = /^https?:\/\//.test(base) ? base : `http://${base}`
  try {
    const response = await fetch(`${url}/api/tags`, { signal: AbortSignal.timeout(1000) })
    if (!response.ok) return undefined
    const body = (await response.json()) as { models?: { name?: unknown }[] }
    return (body.models ?? []).map((m) => m.name).filter((name): name is string => typeof name === 'string')
  } catch {
    return undefined
  }
}
