import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts', 'console/src/**/*.test.{ts,tsx}'],
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'] },
    // dist/ is built once, before every test, for the tests that drive the binary.
    globalSetup: ['test/build-dist.ts'],
    // A guard against hangs, not a speed limit: tests that start several Node processes from the
    // TypeScript sources take 10-20 s on a busy machine.
    testTimeout: 60_000,
  },
})
