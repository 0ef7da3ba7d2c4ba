import { z } from 'zod'

/**
 * Host paths sandboxed commands never see unless a profile says otherwise: credentials and keys
 * that tools commonly keep in the home directory. `~/` is the home of the user toolhost runs as.
 */
export const defaultHiddenPaths: readonly string[] = [
  '~/.ssh',
  '~/.aws',
  '~/.azure',
  '~/.config/gcloud',
  '~/.kube',
  '~/.docker',
  '~/.gnupg',
  '~/.password-store',
  '~/.local/share/keyrings',
  '~/.netrc',
  '~/.git-credentials',
  '~/.npmrc',
  '~/.pypirc',
  '~/.cargo/credentials.toml',
  '~/.config/gh',
]

const hostPath = z
  .string()
  .min(1)
  .refine((path) => path === '~' || path.startsWith('~/') || path.startsWith('/'), {
    message: 'must be an absolute path or start with ~/',
  })

const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name')

const domain = z
  .string()
  .regex(
    /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i,
    'must be a host name such as registry.npmjs.org, or *.example.com for its subdomains',
  )

/** How `system.shell` and `repl.run` sandbox real programs (see the README's "Two shells"). */
export const sandboxSettings = z.strictObject({
  /**
   * Host paths hidden from sandboxed commands (`~/` is the home directory). toolhost's data
   * directory and other users' homes are always hidden.
   */
  hidePaths: z.array(hostPath).default([...defaultHiddenPaths]),
  /** Environment variables passed from the host; all others are removed (PATH, HOME, LANG and TERM are set). */
  env: z.array(envName).default([]),
  /** Domains reachable through the host's proxy (`*.example.com` for subdomains); none: no network. */
  allowedDomains: z.array(domain).default([]),
  /** CPU seconds per process. */
  cpuSeconds: z.number().int().min(1).max(86_400).default(600),
  /** Writable memory per process, in MiB. */
  memoryMb: z.number().int().min(64).max(1_048_576).default(4096),
  /** Background commands that may run at once per run. */
  maxBackground: z.number().int().min(0).max(64).default(4),
})

/** The sandbox section of a profile, defaults filled in. */
export type SandboxSettings = z.output<typeof sandboxSettings>
