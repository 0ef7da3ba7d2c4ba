import { describe, expect, it } from 'vitest'
import { failure } from '../../../test/tool-calls.js'
import { fillVariables, withoutPassword } from './connection-target.js'

describe('connection URLs', () => {
  it('fill ${NAME} from the environment, encoded in PostgreSQL URLs', () => {
    expect(fillVariables('main', 'postgres://app:${PGPASSWORD}@db:5432/app', { PGPASSWORD: 'a@b/c' })).toBe(
      'postgres://app:a%40b%2Fc@db:5432/app',
    )
    expect(fillVariables('local', 'sqlite:${DIR}/x.db', { DIR: 'data dir' })).toBe('sqlite:data dir/x.db')
  })

  it('say which variable is missing', async () => {
    const missing = await failure(Promise.resolve().then(() => fillVariables('main', 'postgres://u:${NOPE}@h/d', {})))
    expect(missing.code).toBe('database.missing_variable')
    expect(missing.message).toContain('needs the environment variable NOPE')
  })

  it('never show a password', () => {
    expect(withoutPassword('postgres://app:s3cret@db:5432/app')).toBe('postgres://app:***@db:5432/app')
    expect(withoutPassword('postgres://app@db/app?password=s3cret')).toBe('postgres://app@db/app?password=***')
  })
})
