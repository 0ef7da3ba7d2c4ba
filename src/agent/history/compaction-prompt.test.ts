import { describe, expect, it } from 'vitest'
import { loadText } from '../../text/model-text.js'
import { compactionPrompt, renderTranscript } from './compaction-prompt.js'
import type { TranscriptEntry } from '../../store/transcript.js'

const entries: TranscriptEntry[] = [
  {
    kind: 'user',
    text: 'Fix the bug in app.ts',
    name: 'ana',
    images: [{ path: 'uploads/err.png', mimeType: 'image/png' }],
  },
  {
    kind: 'assistant',
    text: 'Reading it.',
    reasoning: 'Start with the file.',
    calls: [
      { callId: 'c1', name: 'workspace_read_file', rawArguments: '{"file_path":"app.ts"}' },
      { callId: 'c2', name: 'workspace_shell', rawArguments: '{"command":"npm test"}' },
    ],
  },
  {
    kind: 'results',
    results: [
      {
        callId: 'c1',
        toolId: 'builtin:workspace.read_file',
        content: 'y'.repeat(3005),
        isError: false,
        resourceRefs: [],
        images: [{ path: 'tool-results/shot.png', mimeType: 'image/png' }],
      },
      {
        callId: 'c2',
        toolId: 'builtin:workspace.shell',
        content: 'exit 1',
        isError: true,
        errorCode: 'tool.failed',
        resourceRefs: [],
        images: [],
      },
    ],
  },
  { kind: 'reminder', text: 'Publish with commit.' },
  {
    kind: 'assistant',
    text: '',
    calls: [{ callId: 'c3', name: 'workspace_edit', rawArguments: '{"file_path":"app.ts"}' }],
  },
]

describe('compactionPrompt', () => {
  it('renders the transcript as text: calls with arguments, results cut, images as paths, interrupted calls repaired', () => {
    expect(renderTranscript(entries).split('\n\n')).toEqual([
      '[user ana] Fix the bug in app.ts\n[image: uploads/err.png]',
      '[reasoning] Start with the file.',
      '[assistant] Reading it.',
      '[call workspace_read_file c1] {"file_path":"app.ts"}',
      '[call workspace_shell c2] {"command":"npm test"}',
      `[result workspace_read_file c1] ${'y'.repeat(3000)}… [5 more characters cut]\n[image: tool-results/shot.png]`,
      '[error tool.failed workspace_shell c2] exit 1',
      '[reminder] Publish with commit.',
      '[call workspace_edit c3] {"file_path":"app.ts"}',
      expect.stringMatching(
        /^\[error tool\.outcome_unknown workspace_edit c3\] The outcome of this workspace_edit call is unknown/,
      ),
    ])
  })

  it('asks for a faithful summary in the system message and sends the transcript, with an earlier summary first', () => {
    const system = loadText(new URL('./compaction-prompt.ts', import.meta.url).href, 'texts/compaction-system.md')
    expect(system).toMatch(/faithful summary/)
    expect(system).toMatch(/goals/)
    expect(system).toMatch(/file/)
    expect(system).toMatch(/open tasks/)
    const short: TranscriptEntry[] = [
      { kind: 'user', text: 'hello' },
      { kind: 'assistant', text: 'hi', calls: [] },
    ]
    expect(compactionPrompt(short)).toEqual([
      { role: 'system', content: system },
      {
        role: 'user',
        content: [{ type: 'text', text: 'Summarize the following transcript.\n\n[user] hello\n\n[assistant] hi' }],
      },
    ])
    expect(compactionPrompt(short, 'Before: set up the repo.')).toEqual([
      { role: 'system', content: system },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'An earlier summary covers what happened before this transcript; fold it into your summary:\n\nBefore: set up the repo.\n\nSummarize the following transcript.\n\n[user] hello\n\n[assistant] hi',
          },
        ],
      },
    ])
    const withTask = compactionPrompt(short, undefined, 'Fix the login bug.')[1]
    expect(withTask).toEqual({
      role: 'user',
      content: [
        {
          type: 'text',
          text: expect.stringMatching(
            /^The agent works on this task, .*\n\nFix the login bug\.\n\nSummarize the following transcript\./s,
          ),
        },
      ],
    })
  })
})
