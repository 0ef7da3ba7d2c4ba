import { describe, expect, it } from 'vitest'
import { sandboxLimits, sandboxScript } from './shell-engine.js'

describe('sandboxScript', () => {
  it('merges stderr into stdout and runs the command in a subshell opened on its first line', () => {
    expect(sandboxScript('echo hi')).toBe('exec 2>&1; ( echo hi\n)')
    expect(sandboxScript('(echo a)\n# done')).toBe('exec 2>&1; ( (echo a)\n# done\n)')
  })

  it('runs a command that does not parse as given, so its syntax error reads as written', () => {
    expect(sandboxScript('if then')).toBe('if then')
    expect(sandboxScript('echo "open')).toBe('echo "open')
  })

  it('leaves out the subshell when only the bare command parses', () => {
    expect(sandboxScript('cat <<EOF\nabc')).toBe('exec 2>&1; cat <<EOF\nabc')
  })
})

describe('sandboxLimits', () => {
  it('gives the runtimes the call time and the whole run a backstop past it', () => {
    expect(sandboxLimits(30_000)).toMatchObject({
      maxPythonTimeoutMs: 30_000,
      maxJsTimeoutMs: 30_000,
      maxSqliteTimeoutMs: 30_000,
      maxExecutionTimeMs: 35_000,
    })
  })
})
