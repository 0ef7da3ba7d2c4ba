import { execFileSync } from 'node:child_process'

/** Builds dist/ once so that end-to-end tests run the real `toolhost` binary. */
export default function setup(): void {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' })
  execFileSync(process.execPath, ['scripts/copy-texts.mjs'], { stdio: 'inherit' })
}
