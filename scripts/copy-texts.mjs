// Copies the model-facing text files (descriptions, prompts) that sit beside the sources into dist/.
import { cpSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const src = 'src'
const out = 'dist'
const textExtensions = ['.md', '.txt']

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path)
    else if (textExtensions.some((ext) => name.endsWith(ext))) cpSync(path, join(out, relative(src, path)))
  }
}
walk(src)
