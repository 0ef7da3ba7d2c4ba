import type { ReactNode } from 'react'
import { Link } from './link.js'
import { ThemeToggle } from './theme-toggle.js'

/** The console's pages in the navigation, in order. */
export const navItems: readonly { readonly href: string; readonly label: string }[] = [
  { href: '/tools', label: 'Tools' },
  { href: '/runs', label: 'Runs' },
  { href: '/approvals', label: 'Approvals' },
  { href: '/mcp-servers', label: 'MCP' },
  { href: '/profiles', label: 'Profiles' },
  { href: '/schedules', label: 'Schedules' },
  { href: '/chat', label: 'Chat' },
]

/**
 * The nav entry a path belongs to: `/` is Tools, `/runs/run_1` is Runs.
 * @example
 * activeNav('/runs/run_1') // '/runs'
 */
export function activeNav(path: string): string | undefined {
  if (path === '/') return '/tools'
  return navItems.find((item) => path === item.href || path.startsWith(`${item.href}/`))?.href
}

/**
 * The header: the product's name, the navigation (a scrolling row on narrow screens) with the count
 * of pending approvals, and the theme toggle.
 * @example
 * <AppHeader path="/tools" pendingApprovals={2} />
 */
export function AppHeader({
  path,
  pendingApprovals,
}: {
  readonly path: string
  readonly pendingApprovals?: number | undefined
}): ReactNode {
  const active = activeNav(path)
  return (
    <header className="app-header">
      <Link href="/" className="brand">
        toolhost
      </Link>
      <nav aria-label="Pages" className="app-nav">
        <ul>
          {navItems.map((item) => (
            <li key={item.href}>
              <Link href={item.href} aria-current={item.href === active ? 'page' : undefined}>
                {item.label}
                {item.href === '/approvals' && pendingApprovals !== undefined && pendingApprovals > 0 && (
                  <span className="count-badge">
                    {pendingApprovals}
                    <span className="visually-hidden"> pending</span>
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ThemeToggle />
    </header>
  )
}
