/** Writes docs/error-codes.md from the error code registry (`npm run docs:error-codes`). */
import { writeFileSync } from 'node:fs'
import { errorCodes } from '../src/core/error-codes.js'
import { renderErrorCodes } from '../src/core/error-codes/render-error-codes.js'

writeFileSync(new URL('../docs/error-codes.md', import.meta.url), renderErrorCodes(errorCodes))
