import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

/**
 * Vitest global setup: builds `dist/` from the sources once before any test runs, so the tests of
 * the command line drive the real binary (`bin/toolhost.js`), as a person runs it, and the browser
 * tests the built console.
 */
export default function buildDist(): void {
  const root = join(import.meta.dirname, '..')
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  })
  execFileSync(process.execPath, ['scripts/copy-texts.mjs'], { cwd: root, stdio: 'inherit' })
  execFileSync(process.execPath, ['scripts/bundle-cli.mjs'], { cwd: root, stdio: 'inherit' })
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'console/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
  })
}
