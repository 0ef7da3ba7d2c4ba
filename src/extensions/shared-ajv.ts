import { createRequire } from 'node:module'
import type { Ajv2020 } from 'ajv/dist/2020.js'

let instance: Ajv2020 | undefined

/**
 * The one ajv instance (draft 2020-12, all errors, formats checked) that checks and compiles the
 * JSON Schemas of external tool inputs. Loaded on first use: a host without such tools never pays
 * for ajv, and ajv-formats.
 */
export function sharedAjv(): Ajv2020 {
  if (instance === undefined) {
    // Synchronous on purpose: registering a tool checks its schema at once. Both packages are CommonJS.
    const require = createRequire(import.meta.url)
    const ajv = require('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 }
    const addFormats = require('ajv-formats') as (ajv: Ajv2020) => Ajv2020
    instance = addFormats(new ajv.Ajv2020({ allErrors: true, strict: false, validateFormats: true }))
  }
  return instance
}
