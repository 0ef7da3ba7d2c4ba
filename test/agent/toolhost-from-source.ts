// Runs the toolhost command line from the sources (with scripts/register-ts.ts), as the binary does from dist.
import { main } from '../../src/cli/main.js'

process.exitCode = await main(process.argv.slice(2))
