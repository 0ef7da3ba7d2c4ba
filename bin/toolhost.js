#!/usr/bin/env node
import module from 'node:module'

// Node keeps the compiled code of every module the CLI loads in its own cache directory (under the
// OS temp directory), so later runs skip compiling them. Node before 22.1 has no such cache.
module.enableCompileCache?.()

// The command line as one bundle (scripts/bundle-cli.mjs): a start reads a few files, not hundreds.
const { main } = await import('../dist/cli-bundle/main.js')

process.exitCode = await main(process.argv.slice(2))
