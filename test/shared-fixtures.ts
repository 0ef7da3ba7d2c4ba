import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, it } from 'vitest'

/**
 * Reference material recorded outside the project, kept beside the clone (`../shared/fixtures`)
 * and never inside it. A fresh clone has nothing beside it: suites that read it then report
 * themselves skipped, and the project's own data (test/wire-streams, test/patch-scenarios) covers
 * the same ground.
 */
export type SharedFolder = 'provider-streams' | 'apply-patch'

const sharedRoot = resolve(import.meta.dirname, '..', '..', 'shared', 'fixtures')

/** The absolute path of a shared fixtures folder (which may be absent). */
export function sharedFixturesDir(folder: SharedFolder): string {
  return join(sharedRoot, folder)
}

/** Whether a shared fixtures folder is there to read. */
export function hasSharedFixtures(folder: SharedFolder): boolean {
  return existsSync(sharedFixturesDir(folder))
}

/** Why a suite did not run, as it appears in the test report. */
export function sharedSkipReason(folder: SharedFolder): string {
  return `skipped: ../shared/fixtures/${folder} not found beside the clone`
}

/**
 * `describe` for a suite that reads a shared fixtures folder. Where the folder is absent the suite
 * is reported skipped under a name that carries the reason, and `body` (which reads the folder) is
 * never called.
 */
export function describeWithSharedFixtures(folder: SharedFolder, name: string, body: () => void): void {
  if (hasSharedFixtures(folder)) {
    describe(name, body)
    return
  }
  // The default reporter lists only counts of skipped tests: say why on the console too.
  console.warn(`${name}: ${sharedSkipReason(folder)}`)
  describe.skip(`${name} (${sharedSkipReason(folder)})`, () => {
    it(`needs ../shared/fixtures/${folder}`, () => {})
  })
}
