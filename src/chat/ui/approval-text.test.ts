import stringWidth from 'string-width'
import { describe, expect, it } from 'vitest'
import type { ApprovalRequest } from '../../permissions/approvals/approval-request.js'
import type { PendingApproval } from '../state/chat-state.js'
import { approvalText } from './approval-text.js'

// Raw control and bidi characters (tab and newline aside): none may reach the terminal.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const unprintable = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

function request(fields: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    id: 'apr_1',
    runId: 'run_1',
    invocationId: 'inv_1',
    callId: 'c1',
    toolId: 'builtin:workspace.write_file',
    alias: 'workspace_write_file',
    input: { file_path: 'a.txt', content: 'hi\n' },
    inputText: '{\n  "file_path": "a.txt",\n  "content": "hi\\n"\n}',
    reason: 'the profile asks before writing files',
    alwaysRule: 'builtin:workspace.write_file(/a.txt)',
    ...fields,
  }
}

const answers = '[y] allow once  [a] allow always  [n] deny with a message  [Esc] deny'

describe('approvalText', () => {
  it('asks with the tool, why, the exact input, the rule always adds and the answers', () => {
    expect(approvalText({ request: request() }, { width: 100, color: false })).toBe(
      [
        'Allow workspace_write_file? (builtin:workspace.write_file)',
        'why: the profile asks before writing files',
        'input:',
        '  {',
        '    "file_path": "a.txt",',
        '    "content": "hi\\n"',
        '  }',
        'always adds: builtin:workspace.write_file(/a.txt) (for this chat)',
        answers,
      ].join('\n'),
    )
  })

  it('names the rule that asked and the file always writes to', () => {
    const text = approvalText(
      { request: request({ rule: 'ask builtin:workspace.*', alwaysRulesFile: '/p/profile.json' }) },
      { width: 100, color: false },
    )
    expect(text).toContain('\nrule: ask builtin:workspace.*\n')
    expect(text).toContain('always adds: builtin:workspace.write_file(/a.txt) (saved in /p/profile.json)')
  })

  it('shows the change an edit would make', () => {
    const patch = '--- a.txt\n+++ a.txt\n@@ -0,0 +1,1 @@\n+hi\n'
    const lines = approvalText({ request: request(), patch }, { width: 100, color: false }).split('\n')
    const change = lines.indexOf('change:')
    expect(change).toBeGreaterThan(lines.indexOf('input:'))
    expect(lines.slice(change + 1).some((line) => /^ {2}.*\+hi/.test(line))).toBe(true)
    expect(lines.at(-1)).toBe(answers)
  })

  it('counts input past 30 lines instead of hiding it silently', () => {
    const inputText = Array.from({ length: 45 }, (_, index) => `line ${index + 1}`).join('\n')
    const lines = approvalText({ request: request({ inputText }) }, { width: 100, color: false }).split('\n')
    expect(lines).toContain('  line 30')
    expect(lines).not.toContain('  line 31')
    expect(lines).toContain('  … 15 more lines of input')
  })

  it('makes control and bidi characters of the input, reason, rule and always rule visible', () => {
    const approval: PendingApproval = {
      request: request({
        inputText: 'rm -rf x\u001b[1A\u202e',
        reason: 'why\u0007',
        rule: 'ask\u2067',
        alwaysRule: 'r\u009b',
      }),
    }
    const text = approvalText(approval, { width: 100, color: false })
    expect(text).toContain('  rm -rf x<U+001B>[1A<U+202E>')
    expect(text).toContain('why: why<U+0007>')
    expect(text).toContain('rule: ask<U+2067>')
    expect(text).toContain('always adds: r<U+009B> ')
    expect(text).not.toMatch(unprintable)
  })

  it('colours with SGR codes only when asked', () => {
    expect(approvalText({ request: request() }, { width: 80, color: true })).toContain('\u001b[33m')
  })

  it('never goes past the width', () => {
    const wide = '語'.repeat(80)
    const approval: PendingApproval = {
      request: request({ inputText: wide, reason: wide, rule: wide, alwaysRule: wide, alwaysRulesFile: wide }),
      patch: `--- a.txt\n+++ a.txt\n@@ -1,1 +1,1 @@\n-${wide}\n+${wide}\n`,
    }
    for (const width of [40, 80])
      for (const color of [false, true])
        for (const line of approvalText(approval, { width, color }).split('\n'))
          expect(stringWidth(line)).toBeLessThanOrEqual(width)
  })
})
