import { useCallback, useEffect, useState } from 'react'

/** The console's colour themes. */
export type Theme = 'light' | 'dark'

const storageKey = 'toolhost.theme'
const darkQuery = '(prefers-color-scheme: dark)'

/** The theme a person chose on this browser, or `undefined` to follow the system. */
export function storedTheme(): Theme | undefined {
  try {
    const value = localStorage.getItem(storageKey)
    return value === 'light' || value === 'dark' ? value : undefined
  } catch {
    // Storage may be off (private windows, policies): then the system decides.
    return undefined
  }
}

/** The system's theme (`prefers-color-scheme`). */
export function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia(darkQuery).matches ? 'dark' : 'light'
}

/**
 * Draws the page in a chosen theme (the stylesheet reads `data-theme` on `<html>`), or, given
 * `undefined`, leaves it to the stylesheet's `prefers-color-scheme`.
 */
export function applyTheme(theme: Theme | undefined): void {
  const root = document.documentElement
  if (theme === undefined) delete root.dataset.theme
  else root.dataset.theme = theme
  root.style.colorScheme = theme ?? ''
}

/**
 * The theme in use and a toggle that keeps the choice; until a choice is made it follows the
 * system, also when the system changes.
 * @example
 * const [theme, toggle] = useTheme()
 */
export function useTheme(): readonly [Theme, () => void] {
  const [chosen, setChosen] = useState<Theme | undefined>(storedTheme)
  const [system, setSystem] = useState<Theme>(systemTheme)
  useEffect(() => {
    if (typeof matchMedia !== 'function') return
    const query = matchMedia(darkQuery)
    const update = () => setSystem(query.matches ? 'dark' : 'light')
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  const theme = chosen ?? system
  useEffect(() => applyTheme(chosen), [chosen])
  const toggle = useCallback(() => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark'
    try {
      localStorage.setItem(storageKey, next)
    } catch {
      // Not kept across visits, but still used now.
    }
    setChosen(next)
  }, [theme])
  return [theme, toggle] as const
}
