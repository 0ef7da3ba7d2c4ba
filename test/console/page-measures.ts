import type { Page } from 'playwright-core'

// These run in the page. They are source text because the tests are type-checked without the DOM's
// types (the project is Node only), so a function over `document` would not compile here.

/** How many CSS pixels the page is wider than the window (0 when there is no horizontal scrollbar). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))
}

/**
 * The colour behind the page (the first painted background of body or html, else the colour
 * scheme's canvas) and the colour of the first `h1`'s text.
 */
export async function pageColours(page: Page): Promise<{ readonly background: string; readonly text: string }> {
  return (await page.evaluate(`(() => {
    const transparent = (colour) => colour === 'transparent' || colour === 'rgba(0, 0, 0, 0)'
    const painted = [document.body, document.documentElement]
      .map((element) => getComputedStyle(element).backgroundColor)
      .find((colour) => !transparent(colour))
    const probe = document.createElement('div')
    probe.style.backgroundColor = 'Canvas'
    document.body.append(probe)
    const canvas = getComputedStyle(probe).backgroundColor
    probe.remove()
    const heading = document.querySelector('h1')
    return { background: painted ?? canvas, text: heading === null ? '' : getComputedStyle(heading).color }
  })()`)) as { background: string; text: string }
}
