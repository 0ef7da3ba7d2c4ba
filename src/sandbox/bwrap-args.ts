import type { SandboxPolicy } from './sandbox-policy.js'

/** A path to hide, as found on the disk: a directory gets an empty one, anything else `/dev/null`. */
export interface HiddenPath {
  readonly path: string
  readonly kind: 'directory' | 'file'
}

/** Host directories every sandbox replaces with empty private ones: scratch space and runtime sockets. */
export const privateDirs: readonly string[] = ['/tmp', '/var/tmp', '/run', '/dev/shm']

/** What {@link bwrapArgs} needs besides the policy. */
export interface BwrapLayout {
  /** The policy's hidden paths as they exist now (missing ones left out), real paths. */
  readonly hidden: readonly HiddenPath[]
  /** File descriptor bubblewrap reads the seccomp program from. */
  readonly seccompFd?: number
  /** File descriptor bubblewrap writes its info to (JSON with the sandbox's pid) once the sandbox is set up. */
  readonly infoFd?: number
  /** Leave descriptor 3 (the network carrier) open for the command; other inherited ones are closed. */
  readonly keepFd3?: boolean
  /** Keep the network namespace bubblewrap starts in (one shared by a run) instead of a new one. */
  readonly shareNetwork?: boolean
}

/**
 * The bubblewrap arguments that run `argv` under `policy`: the host's root read-only, a fresh
 * `/dev`, `/proc` and private `/tmp` and `/run`, hidden paths emptied, the mounts bound at their
 * own paths, new PID, IPC, UTS and network namespaces (no network but loopback; or the shared one
 * it was started in), a new session (no
 * terminal injection), no capabilities, the whole environment given, and the sandbox killed with
 * its parent. Binds are ordered parent before child, so that a mount inside a hidden directory (a
 * run's tool results in the data directory) shows, and a hidden directory inside a mount (the
 * data directory in a project) stays hidden.
 */
export function bwrapArgs(policy: SandboxPolicy, layout: BwrapLayout, argv: readonly string[]): string[] {
  const args = [
    '--die-with-parent',
    '--new-session',
    // Run as root, bubblewrap would keep every capability: a command could unmount what hides a path.
    '--cap-drop',
    'ALL',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    ...(layout.shareNetwork === true ? [] : ['--unshare-net']),
    '--unshare-cgroup-try',
    '--hostname',
    'sandbox',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
  ]
  const binds: { readonly path: string; readonly args: readonly string[] }[] = [
    ...privateDirs.map((dir) => ({ path: dir, args: ['--tmpfs', dir] })),
    ...layout.hidden.map(({ path, kind }) => ({
      path,
      args: kind === 'directory' ? ['--tmpfs', path] : ['--ro-bind', '/dev/null', path],
    })),
    ...policy.mounts.map(({ hostDir, access }) => ({
      path: hostDir,
      args: [access === 'read-write' ? '--bind' : '--ro-bind', hostDir, hostDir],
    })),
  ]
  for (const bind of binds.sort((a, b) => depth(a.path) - depth(b.path))) args.push(...bind.args)
  // Read-only last: a mount inside a hidden directory needs its mount point made there first.
  for (const { path, kind } of layout.hidden) if (kind === 'directory') args.push('--remount-ro', path)
  args.push('--chdir', policy.cwd, '--clearenv')
  for (const [name, value] of Object.entries(policy.env)) args.push('--setenv', name, value)
  if (layout.seccompFd !== undefined) args.push('--seccomp', String(layout.seccompFd))
  if (layout.infoFd !== undefined) args.push('--info-fd', String(layout.infoFd))
  args.push('--', ...limitedArgv(policy, argv, { keepFd3: layout.keepFd3 === true }))
  return args
}

/**
 * `argv` behind a bash that sets the policy's limits as hard limits and sends stderr to stdout (one
 * stream keeps their order). A limit that cannot be set stops the command with exit code 126.
 */
export function limitedArgv(
  policy: SandboxPolicy,
  argv: readonly string[],
  options: { readonly keepFd3?: boolean } = {},
): string[] {
  const { cpuSeconds, memoryMb, fileSizeMb, openFiles } = policy.limits
  // CPU time: SIGXCPU at the soft limit says what happened ("CPU time limit exceeded"); SIGKILL a second later.
  const limits = [
    `-S -t ${cpuSeconds}`,
    `-H -t ${cpuSeconds + 1}`,
    `-H -S -d ${memoryMb * 1024}`,
    `-H -S -f ${fileSizeMb * 1024}`,
    `-H -S -n ${openFiles}`,
  ]
  // Descriptors the host left open (beyond stdio and a network carrier on 3) are closed: none may leak into the sandbox.
  const keep = options.keepFd3 === true ? 3 : 2
  const closeInherited = `for f in /proc/$$/fd/*; do n=\${f##*/}; [ "$n" -gt ${keep} ] && eval "exec $n>&-" 2>/dev/null; done`
  const prelude = `${limits.map((limit) => `ulimit ${limit}`).join(' && ')} || exit 126; ${closeInherited}; exec 2>&1; exec "$@"`
  return ['/bin/bash', '--noprofile', '--norc', '-c', prelude, 'sandbox', ...argv]
}

function depth(path: string): number {
  return path.split('/').filter(Boolean).length
}
