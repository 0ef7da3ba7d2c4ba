import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react'
import { navigate } from '../router.js'

/**
 * A link to a page of the console: a real `<a href>` (it opens in a new tab, can be copied), which
 * changes the page without reloading on a plain click.
 * @example
 * <Link href="/approvals">Approvals</Link>
 */
export function Link({
  href,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { readonly href: string }): ReactNode {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    // A modified or middle click keeps the browser's meaning (new tab, download, …).
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    event.preventDefault()
    navigate(href)
  }
  return <a href={href} onClick={follow} {...rest} />
}
