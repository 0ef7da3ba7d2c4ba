/**
 * Lets a child process run this project's TypeScript directly under Node 24 type stripping, which
 * does not map the `.js` specifiers the sources use to their `.ts` files. Loaded with
 * `node --import <this file> <fixture>.ts`.
 */
import { existsSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { fileURLToPath } from 'node:url'

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (
      (specifier.startsWith('./') || specifier.startsWith('../')) &&
      specifier.endsWith('.js') &&
      context.parentURL?.startsWith('file:')
    ) {
      const source = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL)
      if (existsSync(fileURLToPath(source))) return nextResolve(source.href, context)
    }
    return nextResolve(specifier, context)
  },
})
