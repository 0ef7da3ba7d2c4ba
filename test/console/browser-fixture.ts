import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterEach } from 'vitest'
import { apiFixture, type ApiFixture } from '../api/api-fixture.js'

/** The built console, as `toolhost serve` serves it (the tests' global setup builds it). */
export const builtConsoleDir = join(import.meta.dirname, '..', '..', 'dist', 'console')

/** Where the browser is; `CHROMIUM_PATH` overrides the Debian package's binary. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** A served console and a headless Chromium page logged in to it. */
export interface BrowserFixture {
  readonly fx: ApiFixture
  readonly browser: Browser
  readonly context: BrowserContext
  readonly page: Page
  /** Errors the page threw or logged, so a test can show them when it fails. */
  readonly pageErrors: string[]
  /** Loads a console page by its address (`/runs/run_1`). */
  goto(path: string): Promise<void>
  /** Follows the navigation's link to a page (`MCP`), as a person does, and waits for its heading. */
  open(label: string): Promise<void>
  /** Sends a message into the daemon through its HTTP channel, as a chat client would. */
  post(conversation: string, text: string): Promise<void>
  /** Reads `path` of the API (bearer token) until `check` holds; fails with the last answer after 30 s. */
  until<T>(path: string, check: (body: T) => boolean): Promise<T>
}

/** The HTTP channel's secret the API fixture starts the daemon with. */
const channelSecret = 'channel-secret-of-the-api-fixture-32+'

const open: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close()
})

/**
 * Starts the API fixture over the built console, launches headless Chromium and logs a page in
 * through `/?token=…`, as a person does with the link `toolhost serve` prints. Everything is
 * closed after the test.
 * @example
 * const { page, goto } = await browserFixture({ replies: [{ text: 'Hello' }] })
 * await goto('/tools')
 */
export async function browserFixture(
  options: Parameters<typeof apiFixture>[0] & {
    readonly viewport?: { readonly width: number; readonly height: number }
    readonly colorScheme?: 'light' | 'dark'
  } = {},
): Promise<BrowserFixture> {
  if (!existsSync(join(builtConsoleDir, 'index.html')))
    throw new Error(
      `The console is not built (${builtConsoleDir}): run "npx vite build --config console/vite.config.ts".`,
    )
  if (!existsSync(chromiumPath))
    throw new Error(
      `Chromium was not found at ${chromiumPath}: install the Debian package "chromium" or set CHROMIUM_PATH.`,
    )
  const { viewport, colorScheme, ...serve } = options
  const fx = await apiFixture({ consoleDir: builtConsoleDir, ...serve })
  // The API fixture's own afterEach stops the server; the browser is closed before it.
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] })
  open.push(() => browser.close())
  const context = await browser.newContext({
    viewport: viewport ?? { width: 1280, height: 800 },
    colorScheme: colorScheme ?? 'light',
  })
  const page = await context.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text())
  })
  await page.goto(`${fx.url}/?token=${encodeURIComponent(fx.token)}`)
  await page.waitForURL((url) => !url.searchParams.has('token'))
  return {
    fx,
    browser,
    context,
    page,
    pageErrors,
    async goto(path) {
      await page.goto(`${fx.url}${path}`)
    },
    async open(label) {
      const link = page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: new RegExp(`^${label}`) })
      await link.click()
      await page.locator('main h1').first().waitFor()
    },
    async post(conversation, text) {
      const response = await fetch(`${fx.url}/channels/http/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${channelSecret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ conversation, text }),
      })
      if (!response.ok)
        throw new Error(`the HTTP channel refused the message: ${response.status} ${await response.text()}`)
    },
    async until<T>(path: string, check: (body: T) => boolean): Promise<T> {
      // A bound against a hang, not a speed limit.
      const deadline = Date.now() + 30_000
      for (;;) {
        const response = await fx.api(path)
        const body = (await response.json()) as T
        if (response.ok && check(body)) return body
        if (Date.now() > deadline) throw new Error(`GET ${path} never held: ${JSON.stringify(body).slice(0, 2000)}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
  }
}
