import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// The web console, built into dist/console/ and served by `toolhost serve`: every file is bundled,
// nothing is loaded from elsewhere at run time.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
  },
})
