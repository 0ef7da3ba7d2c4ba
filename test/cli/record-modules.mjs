// Preloaded with `node --import`: records the URL of every module the program loads, imported or
// required, and writes them one a line to the file named by RECORD_MODULES_TO when it exits.
import { writeFileSync } from 'node:fs'
import { registerHooks } from 'node:module'

const loaded = new Set()
registerHooks({
  load(url, context, nextLoad) {
    loaded.add(url)
    return nextLoad(url, context)
  },
})
process.on('exit', () => writeFileSync(process.env.RECORD_MODULES_TO ?? 'modules.txt', [...loaded].join('\n')))
