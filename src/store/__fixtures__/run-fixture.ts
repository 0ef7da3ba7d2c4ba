import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const here = new URL('./', import.meta.url)

/**
 * Starts a fixture (a file of this folder by name, or any file by URL) in a child Node process (the running Node, 24+, with type
 * stripping); stdout is collected as text.
 */
export function startFixture(
  name: string | URL,
  args: readonly string[],
): {
  child: ChildProcess
  output: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>
} {
  const child = spawn(
    process.execPath,
    [
      '--import',
      fileURLToPath(new URL('../../../scripts/register-ts.ts', here)),
      fileURLToPath(new URL(name, here)),
      ...args,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let stdout = ''
  let stderr = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
    (resolve, reject) => {
      child.on('error', reject)
      child.on('close', (code, signal) => resolve({ code, signal, stderr }))
    },
  )
  return { child, output: () => stdout, exited }
}

/** Runs a fixture to its end; rejects with its stderr when it fails. */
export async function runFixture(name: string | URL, args: readonly string[]): Promise<string> {
  const { output, exited } = startFixture(name, args)
  const { code, signal, stderr } = await exited
  if (code !== 0) throw new Error(`${String(name)} exited with ${code ?? signal}:\n${stderr}`)
  return output()
}
