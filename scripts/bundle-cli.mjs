// Bundles the command line (dist/cli/main.js and what it imports) into dist/cli-bundle/, so that a
// start reads a few files instead of hundreds of modules. zod, yaml, the MCP SDK and the providers
// go in (one copy of zod for all of them); sharp (native), just-bash, ajv, mathjs, turndown and the
// chat's Ink, React, marked and diff, pg and vscode-jsonrpc (database and language-server tools),
// loaded at first use, stay outside, as do Node's own modules. The library (dist/index.js and the
// subpaths) is not bundled. Each module keeps its own
// location for files it reads beside itself (texts, workers): `import.meta.url` becomes its URL in
// dist/. chunks.json lists the modules in each chunk.
import { renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { rolldown } from 'rolldown'

const root = resolve(import.meta.dirname, '..')
const dist = join(root, 'dist')
const outDir = join(dist, 'cli-bundle')
// Written beside and then moved in place, so a CLI started meanwhile finds the old bundle or the new one.
const nextDir = join(dist, 'cli-bundle.next')
const loadedAtFirstUse =
  /^(sharp|@img|just-bash|ajv|ajv-formats|mathjs|turndown|ink|react|marked|diff|pg|pg-[a-z-]+|vscode-jsonrpc)(\/|$)/

rmSync(nextDir, { recursive: true, force: true })
const bundle = await rolldown({
  input: join(dist, 'cli', 'main.js'),
  platform: 'node',
  logLevel: 'warn',
  external: (id) => id.startsWith('node:') || loadedAtFirstUse.test(id),
  plugins: [
    {
      name: 'module-location',
      transform(code, id) {
        if (!id.startsWith(dist) || !code.includes('import.meta.url')) return null
        const own = JSON.stringify(relative(outDir, id).split('\\').join('/'))
        return code.replaceAll('import.meta.url', `new URL(${own}, import.meta.url).href`)
      },
    },
  ],
})
const { output } = await bundle.write({
  dir: nextDir,
  format: 'esm',
  entryFileNames: 'main.js',
  chunkFileNames: '[name]-[hash].js',
})
await bundle.close()
const chunks = Object.fromEntries(
  output
    .filter((item) => item.type === 'chunk')
    .map((chunk) => [chunk.fileName, chunk.moduleIds.map((id) => relative(root, id).split('\\').join('/'))]),
)
writeFileSync(join(nextDir, 'chunks.json'), `${JSON.stringify(chunks, null, 1)}\n`)
rmSync(outDir, { recursive: true, force: true })
renameSync(nextDir, outDir)
