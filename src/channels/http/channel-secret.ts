import { randomBytes } from 'node:crypto'

/** The environment variable that sets the HTTP channel's secret. */
export const channelSecretVariable = 'TOOLHOST_HTTP_CHANNEL_SECRET'

/** Fewest characters a configured secret may have. */
export const minimumSecretLength = 32

/** A new HTTP channel secret: 32 random bytes (256 bits), base64url, 43 characters. */
export function newChannelSecret(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * The HTTP channel's secret: {@link channelSecretVariable} when set, otherwise a new one
 * (`generated: true`, so the caller can show it once).
 * @throws Error when the variable is set but shorter than {@link minimumSecretLength} characters
 */
export function channelSecretFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): {
  readonly secret: string
  readonly generated: boolean
} {
  const configured = env[channelSecretVariable]
  if (configured === undefined || configured === '') return { secret: newChannelSecret(), generated: true }
  if (configured.trim().length < minimumSecretLength) {
    throw new Error(
      `${channelSecretVariable} has ${configured.trim().length} characters; use at least ${minimumSecretLength} ` +
        `random ones, e.g. the output of: openssl rand -base64 32`,
    )
  }
  return { secret: configured.trim(), generated: false }
}
