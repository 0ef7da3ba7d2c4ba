import { describe, expect, it } from 'vitest'
import { bwrapArgs, limitedArgv } from './bwrap-args.js'
import { defaultSandboxLimits, type SandboxPolicy } from './sandbox-policy.js'

const policy: SandboxPolicy = {
  mounts: [
    { hostDir: '/data/runs/r1/tool-results', access: 'read-only' },
    { hostDir: '/home/ada/project', access: 'read-write' },
  ],
  cwd: '/home/ada/project',
  env: { PATH: '/usr/bin', HOME: '/home/ada' },
  limits: defaultSandboxLimits,
}

/** The mount operations of an argument list, in order, as `op path`. */
function mountOps(args: readonly string[]): string[] {
  const ops: string[] = []
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? ''
    if (arg === '--tmpfs' || arg === '--remount-ro') ops.push(`${arg} ${args[index + 1]}`)
    if (arg === '--bind' || arg === '--ro-bind') ops.push(`${arg} ${args[index + 2]}`)
    if (arg === '--') break
  }
  return ops
}

describe('bwrapArgs', () => {
  it('drops every capability, unshares the namespaces and dies with its parent', () => {
    const args = bwrapArgs(policy, { hidden: [], seccompFd: 4 }, ['/bin/true'])
    for (const flag of ['--die-with-parent', '--new-session', '--unshare-pid', '--unshare-ipc', '--unshare-net'])
      expect(args).toContain(flag)
    expect(args.slice(args.indexOf('--cap-drop'), args.indexOf('--cap-drop') + 2)).toEqual(['--cap-drop', 'ALL'])
    expect(args.slice(args.indexOf('--seccomp'), args.indexOf('--seccomp') + 2)).toEqual(['--seccomp', '4'])
    expect(args).toContain('--clearenv')
    expect(args.slice(args.indexOf('--chdir'), args.indexOf('--chdir') + 2)).toEqual(['--chdir', '/home/ada/project'])
  })

  it('keeps the network namespace it starts in when the run shares one', () => {
    expect(bwrapArgs(policy, { hidden: [], shareNetwork: true }, ['/bin/true'])).not.toContain('--unshare-net')
  })

  it('orders parents before children, so hidden directories stay hidden inside mounts and mounts show inside them', () => {
    const hidden = [
      { path: '/data', kind: 'directory' as const },
      { path: '/home/ada/project/.toolhost', kind: 'directory' as const },
      { path: '/home/ada/.netrc', kind: 'file' as const },
    ]
    const ops = mountOps(bwrapArgs(policy, { hidden }, ['/bin/true']))
    expect(ops.slice(0, 2)).toEqual(['--ro-bind /', '--tmpfs /tmp'])
    const at = (op: string) => ops.indexOf(op)
    expect(at('--tmpfs /data')).toBeLessThan(at('--ro-bind /data/runs/r1/tool-results'))
    expect(at('--bind /home/ada/project')).toBeLessThan(at('--tmpfs /home/ada/project/.toolhost'))
    expect(ops).toContain('--ro-bind /home/ada/.netrc')
    // Hidden directories turn read-only last, after the mounts inside them got their mount points.
    expect(ops.slice(-2)).toEqual(['--remount-ro /data', '--remount-ro /home/ada/project/.toolhost'])
  })

  it('gives the environment as it is, and nothing else', () => {
    const args = bwrapArgs(policy, { hidden: [] }, ['/bin/true'])
    const set = args.flatMap((arg, index) => (arg === '--setenv' ? [`${args[index + 1]}=${args[index + 2]}`] : []))
    expect(set).toEqual(['PATH=/usr/bin', 'HOME=/home/ada'])
  })
})

describe('limitedArgv', () => {
  it('sets hard limits, closes inherited descriptors, merges stderr and runs the command as given', () => {
    const argv = limitedArgv({ ...policy, limits: { cpuSeconds: 5, memoryMb: 256, fileSizeMb: 8, openFiles: 64 } }, [
      '/bin/bash',
      '-c',
      'echo "$1"',
    ])
    expect(argv.slice(0, 4)).toEqual(['/bin/bash', '--noprofile', '--norc', '-c'])
    const prelude = argv[4] ?? ''
    for (const limit of ['-S -t 5', '-H -t 6', '-H -S -d 262144', '-H -S -f 8192', '-H -S -n 64'])
      expect(prelude).toContain(`ulimit ${limit}`)
    expect(prelude).toContain('[ "$n" -gt 2 ]')
    expect(prelude).toMatch(/exec 2>&1; exec "\$@"$/)
    expect(argv.slice(5)).toEqual(['sandbox', '/bin/bash', '-c', 'echo "$1"'])
    expect(limitedArgv(policy, ['/bin/true'], { keepFd3: true })[4]).toContain('[ "$n" -gt 3 ]')
  })
})
