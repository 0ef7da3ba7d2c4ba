import type { ProcessToolSpec } from './process-spec.js'

/** An environment as Node keeps one: names to values, some unset. */
export type HostEnv = Readonly<Record<string, string | undefined>>

/** Host variables every process tool gets, when the host has them. */
export const baseEnvNames: readonly string[] = ['PATH', 'HOME', 'LANG', 'TZ']

/**
 * The environment a process tool runs with: nothing of the host's but PATH, HOME, LANG and TZ, then
 * the spec's fixed values (`env.set`), then the host variables it names (`env.pass`), which win over
 * a fixed value of the same name: a fixed value is the default the host may override. Secrets in
 * the host environment reach a tool only when its spec names them.
 */
export function processEnv(spec: Pick<ProcessToolSpec, 'env'>, hostEnv: HostEnv): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of baseEnvNames) {
    const value = hostEnv[name]
    if (value !== undefined) env[name] = value
  }
  Object.assign(env, spec.env.set)
  for (const name of spec.env.pass) {
    const value = hostEnv[name]
    if (value !== undefined) env[name] = value
  }
  return env
}
