import { describe, expect, it } from 'vitest'
import { testCallContext } from '../../../../test/call-context.js'
import { fileToolsSetup } from './__fixtures__/file-tools-setup.js'
import { formatBytes } from '../../../text/quantities.js'
import { fileTools } from './index.js'

describe('fileTools', () => {
  it('holds the four file tools, each with a description that names other tools only when offered', () => {
    expect(fileTools.map((tool) => tool.name)).toEqual([
      'workspace.read_file',
      'workspace.write_file',
      'workspace.edit',
      'workspace.multi_edit',
    ])
    const { ctx } = fileToolsSetup()
    for (const tool of fileTools) {
      if (typeof tool.description !== 'function') throw new Error(`${tool.name} should describe itself per snapshot`)
      expect(tool.description(ctx), tool.name).toMatch(/workspace_/)
      const alone = tool.description(testCallContext())
      expect(alone, tool.name).not.toMatch(/workspace_|builtin:|\{\w+\}/)
      expect(alone.length, tool.name).toBeLessThan(1_200)
      expect(tool.renderToolUseMessage).toBeDefined()
      expect(tool.renderToolResultMessage).toBeDefined()
    }
  })

  it('formats sizes', () => {
    expect(formatBytes(1)).toBe('1 byte')
    expect(formatBytes(812)).toBe('812 bytes')
    expect(formatBytes(3_500)).toBe('3.4 KiB')
    expect(formatBytes(256 * 1024)).toBe('256 KiB')
    expect(formatBytes(64 * 1024 * 1024)).toBe('64 MiB')
  })
})
