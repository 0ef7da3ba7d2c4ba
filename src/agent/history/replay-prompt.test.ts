import { mkdirSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../../test/temp-dir.js'
import { getProtocol } from '../../snapshot/protocols/index.js'
import { protocolNames, type ProtocolName } from '../../core/protocol-name.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import { replayPrompt, type ReadImage } from './replay-prompt.js'
import type { TranscriptEntry } from '../../store/transcript.js'

const dir = tempDir()
mkdirSync(join(dir, 'tool-results'))
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 4, 5])
writeFileSync(join(dir, 'tool-results', 'shot.png'), png)
writeFileSync(join(dir, 'tool-results', 'photo.jpg'), jpeg)
writeFileSync(join(dir, 'upload.png'), png)

const readImage: ReadImage = async (path) => {
  try {
    return {
      data: new Uint8Array(await readFile(join(dir, path))),
      mediaType: path.endsWith('.png') ? 'image/png' : 'image/jpeg',
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

const replay = (name: ProtocolName, entries: TranscriptEntry[], system = 'You are helpful.') =>
  replayPrompt({ system, entries, protocol: getProtocol(name), readImage })

const ok = (callId: string, content: string, images: AgentToolResult['images'] = []): AgentToolResult => ({
  callId,
  toolId: 'builtin:x',
  content,
  isError: false,
  resourceRefs: [],
  images,
})
const pngFile = { type: 'file', data: { type: 'data', data: png }, mediaType: 'image/png' }
const jpegFile = { type: 'file', data: { type: 'data', data: jpeg }, mediaType: 'image/jpeg' }

describe('replayPrompt', () => {
  it.each(protocolNames)('replays parallel calls, invalid arguments and an unknown tool for %s', async (name) => {
    const entries: TranscriptEntry[] = [
      { kind: 'user', text: 'Roll twice and read a.txt' },
      {
        kind: 'assistant',
        text: 'On it.',
        reasoning: 'Two rolls, one read.',
        calls: [
          { callId: 'c1', name: 'dice_roll', rawArguments: '{"formula":"2d6"}' },
          { callId: 'c2', name: 'dice_roll', rawArguments: '{"formula":' },
          { callId: 'c3', name: 'read_fiel', rawArguments: '{"path":"a.txt"}' },
          { callId: 'c4', name: 'dice_roll', rawArguments: '' },
        ],
      },
      {
        kind: 'results',
        results: [
          ok('c1', '7'),
          {
            callId: 'c2',
            toolId: 'builtin:dice.roll',
            content: 'Invalid arguments: not valid JSON. Got: {"formula":',
            isError: true,
            errorCode: 'tool.invalid_arguments',
            resourceRefs: [],
            images: [],
          },
          {
            callId: 'c3',
            toolId: null,
            content: 'Unknown tool "read_fiel". Did you mean workspace_read_file?',
            isError: true,
            errorCode: 'model.unknown_tool_call',
            resourceRefs: [],
            images: [],
          },
          ok('c4', '3'),
        ],
      },
      { kind: 'assistant', text: 'Rolled 7 and 3.', calls: [] },
      { kind: 'reminder', text: 'Publish your reply with commit.' },
    ]
    expect(await replay(name, entries)).toEqual([
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: [{ type: 'text', text: 'Roll twice and read a.txt' }] },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Two rolls, one read.' },
          { type: 'text', text: 'On it.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'dice_roll', input: { formula: '2d6' } },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'dice_roll', input: {} },
          { type: 'tool-call', toolCallId: 'c3', toolName: 'read_fiel', input: { path: 'a.txt' } },
          { type: 'tool-call', toolCallId: 'c4', toolName: 'dice_roll', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'c1', toolName: 'dice_roll', output: { type: 'text', value: '7' } },
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: 'dice_roll',
            output: { type: 'error-text', value: 'Invalid arguments: not valid JSON. Got: {"formula":' },
          },
          {
            type: 'tool-result',
            toolCallId: 'c3',
            toolName: 'read_fiel',
            output: { type: 'error-text', value: 'Unknown tool "read_fiel". Did you mean workspace_read_file?' },
          },
          { type: 'tool-result', toolCallId: 'c4', toolName: 'dice_roll', output: { type: 'text', value: '3' } },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Rolled 7 and 3.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Publish your reply with commit.' }] },
    ])
  })

  const imageTurn: TranscriptEntry[] = [
    {
      kind: 'assistant',
      text: '',
      calls: [
        { callId: 'c1', name: 'browser_shot', rawArguments: '{}' },
        { callId: 'c2', name: 'dice_roll', rawArguments: '{}' },
        { callId: 'c3', name: 'photos_get', rawArguments: '{}' },
      ],
    },
    {
      kind: 'results',
      results: [
        ok('c1', 'Screenshot taken.', [{ path: 'tool-results/shot.png', mimeType: 'image/png' }]),
        ok('c2', '4'),
        ok('c3', 'Two photos.', [
          { path: 'tool-results/photo.jpg', mimeType: 'image/jpeg' },
          { path: 'tool-results/gone.png', mimeType: 'image/png' },
        ]),
      ],
    },
  ]

  it.each(['anthropic', 'openai-responses'] as const)(
    'puts images inside tool results for %s, a note for a missing file',
    async (name) => {
      expect(getProtocol(name).imagesInToolResults).toBe(true)
      expect(await replay(name, imageTurn, '')).toEqual([
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: 'c1', toolName: 'browser_shot', input: {} },
            { type: 'tool-call', toolCallId: 'c2', toolName: 'dice_roll', input: {} },
            { type: 'tool-call', toolCallId: 'c3', toolName: 'photos_get', input: {} },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'browser_shot',
              output: { type: 'content', value: [{ type: 'text', text: 'Screenshot taken.' }, pngFile] },
            },
            { type: 'tool-result', toolCallId: 'c2', toolName: 'dice_roll', output: { type: 'text', value: '4' } },
            {
              type: 'tool-result',
              toolCallId: 'c3',
              toolName: 'photos_get',
              output: {
                type: 'content',
                value: [
                  { type: 'text', text: 'Two photos.' },
                  jpegFile,
                  { type: 'text', text: '[image tool-results/gone.png (image/png) is no longer available]' },
                ],
              },
            },
          ],
        },
      ])
    },
  )

  it.each(['openai-chat', 'gemini', 'openai-compatible'] as const)(
    'moves all images of a turn into one user message after the results for %s',
    async (name) => {
      expect(getProtocol(name).imagesInToolResults).toBe(false)
      const prompt = await replay(name, imageTurn, '')
      expect(prompt.slice(1)).toEqual([
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'browser_shot',
              output: { type: 'text', value: 'Screenshot taken.' },
            },
            { type: 'tool-result', toolCallId: 'c2', toolName: 'dice_roll', output: { type: 'text', value: '4' } },
            {
              type: 'tool-result',
              toolCallId: 'c3',
              toolName: 'photos_get',
              output: {
                type: 'text',
                value: 'Two photos.\n\n[image tool-results/gone.png (image/png) is no longer available]',
              },
            },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Images returned by the browser_shot call c1:' },
            pngFile,
            { type: 'text', text: 'Images returned by the photos_get call c3:' },
            jpegFile,
          ],
        },
      ])
    },
  )

  it('keeps an error result as error text and its images after the results even where results may hold images', async () => {
    const prompt = await replay('anthropic', [
      { kind: 'assistant', text: '', calls: [{ callId: 'c1', name: 'shot', rawArguments: '{}' }] },
      {
        kind: 'results',
        results: [
          {
            ...ok('c1', 'Page failed to load.', [{ path: 'tool-results/shot.png', mimeType: 'image/png' }]),
            isError: true,
            errorCode: 'tool.failed',
          },
        ],
      },
    ])
    expect(prompt.slice(2)).toEqual([
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'shot',
            output: { type: 'error-text', value: 'Page failed to load.' },
          },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'Images returned by the shot call c1:' }, pngFile] },
    ])
  })

  it('falls back to text when every image of a result is gone, and sends no images message', async () => {
    const prompt = await replay('anthropic', [
      { kind: 'assistant', text: '', calls: [{ callId: 'c1', name: 'shot', rawArguments: '{}' }] },
      { kind: 'results', results: [ok('c1', '', [{ path: 'tool-results/gone.png', mimeType: 'image/png' }])] },
    ])
    expect(prompt.slice(2)).toEqual([
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'shot',
            output: { type: 'text', value: '[image tool-results/gone.png (image/png) is no longer available]' },
          },
        ],
      },
    ])
  })

  it('replays user images as file parts, a named speaker, and a note for a missing upload', async () => {
    const prompt = await replay('gemini', [
      {
        kind: 'user',
        text: 'What is this?',
        name: 'ana',
        images: [
          { path: 'upload.png', mimeType: 'image/png' },
          { path: 'missing.jpg', mimeType: 'image/jpeg' },
        ],
      },
      { kind: 'user', text: '', images: [{ path: 'upload.png', mimeType: 'image/png' }] },
    ])
    expect(prompt.slice(1)).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'ana: What is this?' },
          pngFile,
          { type: 'text', text: '[image missing.jpg (image/jpeg) is no longer available]' },
        ],
      },
      { role: 'user', content: [pngFile] },
    ])
  })

  it('starts at the last summary and repairs an interrupted turn', async () => {
    const prompt = await replay('openai-chat', [
      { kind: 'user', text: 'forgotten' },
      { kind: 'summary', text: 'first summary', throughSeq: 1 },
      { kind: 'assistant', text: 'also forgotten', calls: [] },
      { kind: 'summary', text: 'The user wants a haiku.', throughSeq: 3 },
      { kind: 'results', results: [ok('orphan', 'dropped')] },
      {
        kind: 'assistant',
        text: '',
        calls: [{ callId: 'c9', name: 'workspace_write_file', rawArguments: '{"file_path":"h.md","content":"x"}' }],
      },
    ])
    expect(prompt).toEqual([
      { role: 'system', content: 'You are helpful.' },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'Summary of the earlier conversation (older messages were condensed to save space):\n\nThe user wants a haiku.',
          },
        ],
      },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'c9',
            toolName: 'workspace_write_file',
            input: { file_path: 'h.md', content: 'x' },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c9',
            toolName: 'workspace_write_file',
            output: {
              type: 'error-text',
              value: expect.stringMatching(
                /^The outcome of this workspace_write_file call is unknown: .*check the current state/,
              ),
            },
          },
        ],
      },
    ])
  })

  it("keeps the run's task before the last summary", async () => {
    const prompt = await replay('openai-chat', [
      { kind: 'user', text: 'older chat' },
      { kind: 'user', text: 'Write a haiku.', task: true },
      { kind: 'assistant', text: 'forgotten', calls: [] },
      { kind: 'summary', text: 'A draft exists.', throughSeq: 3 },
      { kind: 'assistant', text: 'Done.', calls: [] },
    ])
    expect(prompt.slice(1)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Write a haiku.' }] },
      { role: 'user', content: [{ type: 'text', text: expect.stringContaining('A draft exists.') }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
    ])
  })

  it('leaves out an empty assistant turn', async () => {
    expect(
      await replay(
        'anthropic',
        [
          { kind: 'user', text: 'hi' },
          { kind: 'assistant', text: '', calls: [] },
        ],
        '',
      ),
    ).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }])
  })

  it.each(protocolNames)(
    'sends a model that does not read images a note with each stored path instead, for %s',
    async (name) => {
      const unread: ReadImage = () => Promise.reject(new Error('no image should be read'))
      const prompt = await replayPrompt({
        system: '',
        protocol: getProtocol(name),
        readImage: unread,
        acceptsImages: false,
        entries: [
          { kind: 'user', text: 'Look.', images: [{ path: 'upload.png', mimeType: 'image/png' }] },
          {
            kind: 'assistant',
            text: '',
            calls: [
              { callId: 'c1', name: 'shot', rawArguments: '{}' },
              { callId: 'c2', name: 'shot', rawArguments: '{}' },
            ],
          },
          {
            kind: 'results',
            results: [
              ok('c1', 'Taken.', [{ path: 'tool-results/shot.png', mimeType: 'image/png' }]),
              {
                ...ok('c2', 'Blurred.', [{ path: 'tool-results/photo.jpg', mimeType: 'image/jpeg' }]),
                isError: true,
                errorCode: 'tool.failed',
              },
            ],
          },
        ],
      })
      const note = (path: string, type: string) =>
        `[image left out: this model does not read images; the image (${type}) is stored at ${path}]`
      expect(prompt).toEqual([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look.' },
            { type: 'text', text: note('upload.png', 'image/png') },
          ],
        },
        {
          role: 'assistant',
          content: [expect.objectContaining({ toolCallId: 'c1' }), expect.objectContaining({ toolCallId: 'c2' })],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'shot',
              output: { type: 'text', value: `Taken.\n\n${note('tool-results/shot.png', 'image/png')}` },
            },
            {
              type: 'tool-result',
              toolCallId: 'c2',
              toolName: 'shot',
              output: { type: 'error-text', value: `Blurred.\n\n${note('tool-results/photo.jpg', 'image/jpeg')}` },
            },
          ],
        },
      ])
    },
  )

  it('propagates a failure to read an image other than a missing file', async () => {
    const failing: ReadImage = () => Promise.reject(new Error('disk on fire'))
    await expect(
      replayPrompt({
        system: '',
        protocol: getProtocol('anthropic'),
        readImage: failing,
        entries: [{ kind: 'user', text: 'x', images: [{ path: 'a.png', mimeType: 'image/png' }] }],
      }),
    ).rejects.toThrow('disk on fire')
  })
})
