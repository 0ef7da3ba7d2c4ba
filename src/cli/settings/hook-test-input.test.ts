import { describe, expect, it } from 'vitest'
import { hookTestInput } from './hook-test-input.js'

describe('hookTestInput', () => {
  it("fills the host's fields, in the host's order, around what is given", () => {
    const input = hookTestInput('preTool', '{"input":{"command":"ls"},"toolId":"builtin:system.shell"}', undefined)
    expect(JSON.stringify(input)).toBe(
      '{"event":"pre_tool","toolId":"builtin:system.shell","alias":"system_shell","callId":"call_hooks_test","input":{"command":"ls"},"runId":"run_hooks_test","invocationId":"inv_hooks_test"}',
    )
  })

  it('takes the tool from a match naming one tool, and gives a post-tool hook an empty result', () => {
    expect(hookTestInput('postTool', '{"callId":"c9"}', 'mcp/mcp_1:search')).toEqual({
      event: 'post_tool',
      toolId: 'mcp/mcp_1:search',
      alias: 'search',
      callId: 'c9',
      input: {},
      result: { content: '', isError: false },
      runId: 'run_hooks_test',
      invocationId: 'inv_hooks_test',
    })
  })

  it.each([
    ['not json', /not valid JSON/],
    ['[]', /must be a JSON object/],
    ['{}', /needs "toolId"/],
    ['{"toolId":"nope"}', /"toolId": Tool id "nope" has no ":"/],
    ['{"toolId":"builtin:a","input":[1]}', /"input" must be a JSON object/],
    ['{"toolId":"builtin:a","extra":1}', /has no "extra"; its fields: event, toolId/],
    ['{"toolId":"builtin:a","event":"post_tool"}', /"event" of a preTool hook's input is "pre_tool"/],
    ['{"toolId":"builtin:a","runId":5}', /"runId" must be a string/],
  ])('refuses %s with what to write instead', (text, problem) => {
    const input = hookTestInput('preTool', text, 'builtin:*')
    expect('problem' in input && input.problem).toMatch(problem)
  })

  it('refuses a post-tool result of the wrong shape', () => {
    const input = hookTestInput('postTool', '{"toolId":"builtin:a","result":{"content":1}}', undefined)
    expect('problem' in input && input.problem).toMatch(/"result" must be/)
  })
})
