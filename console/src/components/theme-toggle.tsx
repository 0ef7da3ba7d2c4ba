import type { ReactNode } from 'react'
import { useTheme } from './theme.js'

/**
 * The light/dark switch: a toggle button whose label says what it does.
 * @example
 * <ThemeToggle />
 */
export function ThemeToggle(): ReactNode {
  const [theme, toggle] = useTheme()
  const dark = theme === 'dark'
  return (
    <button type="button" className="theme-toggle" aria-pressed={dark} onClick={toggle} title="Dark theme">
      <span aria-hidden="true">{dark ? '☾' : '☀'}</span>
      <span className="visually-hidden">Dark theme</span>
    </button>
  )
}
