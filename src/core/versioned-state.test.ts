import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { readVersionedState, StoredStateError, type VersionedFormat } from './versioned-state.js'

// A record that was `{ n }` (version 1, stored without a version), then `{ version: 2, count }`,
// then `{ version: 3, count, unit }`, where the unit comes from what the reader knows.
const v1 = z.object({ n: z.number() })
const v2 = z.object({ version: z.literal(2), count: z.number().int() })
const v3 = z.object({ version: z.literal(3), count: z.number().int(), unit: z.string() })
type V3 = z.output<typeof v3>

const format: VersionedFormat<V3, string> = {
  version: 3,
  schema: v3,
  olderSchemas: { 1: v1, 2: v2 },
  migrations: {
    1: (parsed) => ({ version: 2, count: (parsed as z.output<typeof v1>).n }),
    2: (parsed, unit) => ({ ...(parsed as z.output<typeof v2>), version: 3, unit }),
  },
  purpose: 'use it',
  otherwise: 'make a new one',
}

const read = (raw: unknown) => readVersionedState(raw, format, 'Record r1', 'km')

function refusal(raw: unknown): StoredStateError {
  try {
    read(raw)
  } catch (error) {
    if (error instanceof StoredStateError) return error
    throw error
  }
  throw new Error('the record was read')
}

describe('readVersionedState', () => {
  it('reads the current version as it is', () => {
    expect(read({ version: 3, count: 4, unit: 'm' })).toEqual({ version: 3, count: 4, unit: 'm' })
  })

  it('reads a record without a version as version 1 and migrates it step by step, with the context', () => {
    expect(read({ n: 7 })).toEqual({ version: 3, count: 7, unit: 'km' })
    expect(read({ version: 2, count: 5 })).toEqual({ version: 3, count: 5, unit: 'km' })
  })

  it('refuses a newer version with one line that says what to do', () => {
    const error = refusal({ version: 4, count: 1, unit: 'm', extra: true })
    expect(error.code).toBe('state.newer_version')
    expect(error.version).toBe(4)
    expect(error.message).toBe(
      'Record r1 was written by a newer toolhost (version 4; this build reads up to 3). Upgrade toolhost to use it.',
    )
  })

  it('refuses a record that does not parse as its version, naming the fields', () => {
    const error = refusal({ version: 2, count: 'five' })
    expect(error.code).toBe('state.unreadable')
    expect(error.version).toBe(2)
    expect(error.message).toBe(
      'Record r1 cannot be read (version 2): count: Invalid input: expected number, received string. It is damaged or was not written by toolhost; make a new one.',
    )
    expect(error.message).not.toContain('\n')
  })

  it.each([
    ['a string', 'text', 'expected a JSON object, found string'],
    ['null', null, 'expected a JSON object, found null'],
    ['an array', [1], 'expected a JSON object, found an array'],
    ['a version that is no whole number', { version: '2' }, 'version must be a whole number from 1, found "2"'],
    ['version 0', { version: 0 }, 'version must be a whole number from 1, found 0'],
  ])('refuses %s', (_, raw, problem) => {
    const error = refusal(raw)
    expect(error.code).toBe('state.unreadable')
    expect(error.message).toBe(
      `Record r1 cannot be read: ${problem}. It is damaged or was not written by toolhost; make a new one.`,
    )
  })

  it('counts the issues it does not show', () => {
    const wide = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string(), e: z.string() })
    const error = (() => {
      try {
        readVersionedState({}, { ...format, version: 1, schema: wide, olderSchemas: {} }, 'Record r2', '')
      } catch (caught) {
        return caught as StoredStateError
      }
      throw new Error('the record was read')
    })()
    expect(error.message).toMatch(/^Record r2 cannot be read \(version 1\): a: .*; b: .*; c: .* \(and 2 more\)\. /)
  })

  it('refuses a record a migration cannot lift, with its reason', () => {
    const failing: VersionedFormat<V3, string> = {
      ...format,
      migrations: {
        ...format.migrations,
        2: () => {
          throw new Error('the unit is gone')
        },
      },
    }
    const error = (() => {
      try {
        readVersionedState({ n: 1 }, failing, 'Record r4', 'km')
      } catch (caught) {
        return caught as StoredStateError
      }
      throw new Error('the record was read')
    })()
    expect(error).toBeInstanceOf(StoredStateError)
    expect(error.message).toBe(
      'Record r4 cannot be read (version 2): it cannot be migrated to version 3: the unit is gone. It is damaged or was not written by toolhost; make a new one.',
    )
  })

  it('refuses a record whose migration yields something the next version does not accept', () => {
    const broken: VersionedFormat<V3, string> = { ...format, migrations: { ...format.migrations, 1: () => ({}) } }
    expect(() => readVersionedState({ n: 1 }, broken, 'Record r3', 'km')).toThrow(
      /^Record r3 cannot be read \(version 1\): version: /,
    )
  })
})
