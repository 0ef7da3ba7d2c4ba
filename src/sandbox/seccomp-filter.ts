/**
 * A classic-BPF seccomp program, in the byte layout bubblewrap's `--seccomp FD` reads, that makes
 * `socket(AF_UNIX, …)` fail with EPERM. A fresh network namespace cuts a command off from the
 * network, but not from Unix sockets on the file system (a Docker or D-Bus socket, an ssh or gpg
 * agent), which reach services outside the sandbox; this closes that route. Other syscalls run
 * as usual; a process of another architecture (a 32-bit program, which would reach sockets through
 * `socketcall`) is killed.
 */
export function unixSocketFilter(arch: string = process.arch): Buffer | undefined {
  const target = architectures[arch]
  if (target === undefined) return undefined
  const program: readonly Instruction[] = [
    [LD_ABS, 0, 0, ARCH_OFFSET],
    [JEQ, 1, 0, target.audit],
    [RET, 0, 0, RET_KILL_PROCESS],
    [LD_ABS, 0, 0, NR_OFFSET],
    [JEQ, 1, 0, target.socket],
    // x32 calls on x86-64 carry bit 30 in their number; elsewhere this repeats the test above.
    [JEQ, 0, 2, target.socketAlias],
    [LD_ABS, 0, 0, ARG0_LOW_OFFSET],
    [JEQ, 1, 0, AF_UNIX],
    [RET, 0, 0, RET_ALLOW],
    [RET, 0, 0, RET_ERRNO | EPERM],
  ]
  const bytes = Buffer.alloc(program.length * 8)
  program.forEach(([code, jt, jf, k], index) => {
    bytes.writeUInt16LE(code, index * 8)
    bytes.writeUInt8(jt, index * 8 + 2)
    bytes.writeUInt8(jf, index * 8 + 3)
    bytes.writeUInt32LE(k >>> 0, index * 8 + 4)
  })
  return bytes
}

type Instruction = readonly [code: number, jt: number, jf: number, k: number]

const LD_ABS = 0x20 // BPF_LD | BPF_W | BPF_ABS
const JEQ = 0x15 // BPF_JMP | BPF_JEQ | BPF_K
const RET = 0x06 // BPF_RET | BPF_K
const RET_ALLOW = 0x7fff0000
const RET_ERRNO = 0x00050000
const RET_KILL_PROCESS = 0x80000000
const EPERM = 1
const AF_UNIX = 1
// Offsets in struct seccomp_data: nr, arch, then instruction pointer and the six arguments.
const NR_OFFSET = 0
const ARCH_OFFSET = 4
// The low 32 bits of args[0] on a little-endian machine.
const ARG0_LOW_OFFSET = 16

const architectures: Readonly<Record<string, { audit: number; socket: number; socketAlias: number }>> = {
  x64: { audit: 0xc000003e, socket: 41, socketAlias: 0x40000000 + 41 },
  arm64: { audit: 0xc00000b7, socket: 198, socketAlias: 198 },
}
