import { describe, expect, it } from 'vitest'
import { splitGlobalOptions } from './global-options.js'

describe('splitGlobalOptions', () => {
  it('takes the global options out wherever they stand, in both spellings', () => {
    expect(
      splitGlobalOptions([
        'list',
        '--data-dir',
        'd',
        '--json',
        '--process-dir=a',
        '--process-dir',
        'b',
        '--skills-dir=s',
      ]),
    ).toEqual({
      globals: { dataDir: 'd', processDirs: ['a', 'b'], skillsDir: 's' },
      rest: ['list', '--json'],
    })
  })

  it('leaves what follows -- to the command', () => {
    expect(splitGlobalOptions(['add', 'fs', '--', 'server', '--data-dir', 'x'])).toEqual({
      globals: { processDirs: [] },
      rest: ['add', 'fs', '--', 'server', '--data-dir', 'x'],
    })
  })

  it('refuses a global option without its directory', () => {
    expect(() => splitGlobalOptions(['list', '--data-dir'])).toThrow('--data-dir needs a directory')
    expect(() => splitGlobalOptions(['list', '--data-dir', '--json'])).toThrow('--data-dir needs a directory')
  })
})
