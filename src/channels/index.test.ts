import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createTelegramChannel, httpChannel } from './index.js'

/** The packages `file` loads when imported: static, non-type imports, followed through relative ones. */
function packagesLoadedBy(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>()
  if (seen.has(file)) return packages
  seen.add(file)
  const source = readFileSync(file, 'utf8')
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'/gm)) {
    const specifier = match[1] ?? ''
    if (specifier.startsWith('.')) {
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'))
      for (const name of packagesLoadedBy(target, seen)) packages.add(name)
    } else packages.add(specifier)
  }
  return packages
}

describe('channels index', () => {
  it('loads grammY only when a Telegram channel is made', async () => {
    const index = fileURLToPath(new URL('./index.ts', import.meta.url))
    const loaded = packagesLoadedBy(index)
    expect(loaded).toContain('zod')
    expect(loaded).not.toContain('grammy')
    expect(httpChannel({ secret: 'x'.repeat(43) }).name).toBe('http')
    const telegram = await createTelegramChannel({ token: '1:t', mode: 'polling', apiRoot: 'http://127.0.0.1:9' })
    expect(telegram.name).toBe('telegram')
  })

  it('sees the grammY import of the Telegram channel itself', () => {
    const telegram = fileURLToPath(new URL('./telegram/telegram-channel.ts', import.meta.url))
    expect(packagesLoadedBy(telegram)).toContain('grammy')
  })
})
