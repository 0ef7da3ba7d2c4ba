import { connect } from 'node:net'
import { providerRules } from '../../agent/providers/resolve-model.js'
import { isModelProvider } from '../../agent/providers/model-spec.js'
import type { HealthCheck } from '../../sandbox/sandbox-checks.js'

/** How long a local model server's port may take to accept a connection. */
export const localPortTimeoutMs = 1000

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

/**
 * Model providers: which key variables are set in `env` (names only, never values), and for the
 * local servers (ollama, vllm, lmstudio) whether their loopback port answers. Warns when no
 * provider can be used, or when the profile's model needs what is missing.
 * @example (await providerCheck(process.env, undefined)).detail // 'keys set: OPENAI_API_KEY; local servers: none answers (…)'
 */
export async function providerCheck(
  env: Readonly<Record<string, string | undefined>>,
  profileModel: string | undefined,
): Promise<HealthCheck> {
  const isSet = (name: string): boolean => (env[name] ?? '').trim() !== ''
  const keyed = Object.entries(providerRules).filter(([, rule]) => rule.keyRequired)
  const keys = [...new Set(keyed.flatMap(([, rule]) => rule.keyEnv.filter(isSet)))]
  const locals = await Promise.all(
    Object.entries(providerRules)
      .filter(([, rule]) => !rule.keyRequired && rule.defaultBaseUrl !== undefined)
      .map(async ([provider, rule]) => {
        const configured = env[rule.baseUrlEnv]?.trim()
        const url = new URL(configured !== undefined && configured !== '' ? configured : (rule.defaultBaseUrl ?? ''))
        const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
        // Only loopback is probed: another address is the person's own server, checked when a run uses it.
        const probed = loopbackHosts.has(url.hostname)
        const answers = probed && (await portAnswers(url.hostname.replace(/^\[|\]$/g, ''), port))
        return { provider, where: `${url.hostname}:${port}`, probed, answers }
      }),
  )
  const answering = locals.filter((local) => local.answers)
  const silent = locals.filter((local) => local.probed && !local.answers)
  const parts = [
    `keys set: ${keys.length === 0 ? 'none' : keys.join(', ')}`,
    `local servers answering: ${answering.length === 0 ? 'none' : answering.map((l) => `${l.provider} (${l.where})`).join(', ')}`,
    ...(silent.length > 0 ? [`not answering: ${silent.map((l) => `${l.provider} (${l.where})`).join(', ')}`] : []),
    ...locals.filter((l) => !l.probed).map((l) => `${l.provider} at ${l.where} (not probed)`),
  ]
  const modelProblem = profileModel === undefined ? undefined : problemOfModel(profileModel, isSet, locals)
  if (modelProblem !== undefined)
    return { name: 'providers', status: 'warn', detail: `${modelProblem}; ${parts.join('; ')}` }
  if (keys.length === 0 && answering.length === 0 && !locals.some((l) => !l.probed))
    return {
      name: 'providers',
      status: 'warn',
      detail: `no model provider can be used: set a key (${[...new Set(keyed.map(([, rule]) => rule.keyEnv[0]))].join(', ')}) or start a local server (${locals.map((l) => `${l.provider} on ${l.where}`).join(', ')}); run and chat need one (--api-key and --base-url also work)`,
    }
  return { name: 'providers', status: 'ok', detail: parts.join('; ') }
}

/** Why the profile's `model` cannot be reached as things stand, if it cannot. */
function problemOfModel(
  model: string,
  isSet: (name: string) => boolean,
  locals: readonly { provider: string; answers: boolean; probed: boolean; where: string }[],
): string | undefined {
  const provider = model.slice(0, model.indexOf(':'))
  if (!isModelProvider(provider)) return `the profile's model "${model}" names no known provider`
  const rule = providerRules[provider]
  if (rule.keyRequired && !rule.keyEnv.some(isSet))
    return `the profile's model ${model} needs ${rule.keyEnv.join(' or ')} (or --api-key)`
  const local = locals.find((l) => l.provider === provider)
  if (local !== undefined && local.probed && !local.answers)
    return `the profile's model ${model} needs ${provider} running at ${local.where}`
  return undefined
}

/**
 * Whether something accepts a TCP connection at host:port within {@link localPortTimeoutMs}.
 * @example await portAnswers('127.0.0.1', 11434) // false when ollama is not running
 */
export function portAnswers(host: string, port: number, timeoutMs = localPortTimeoutMs): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port })
    const done = (answers: boolean): void => {
      socket.destroy()
      resolve(answers)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}
