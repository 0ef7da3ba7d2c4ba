import { useEffect, useState } from 'react'

/** The page path (`/runs/run_1`), following links and the back button without reloading. */
export function usePath(): string {
  const [path, setPath] = useState(() => location.pathname)
  useEffect(() => {
    const update = () => setPath(location.pathname)
    addEventListener('popstate', update)
    return () => removeEventListener('popstate', update)
  }, [])
  return path
}

/** Goes to a page of the console. */
export function navigate(path: string): void {
  if (path === location.pathname) return
  history.pushState(null, '', path)
  dispatchEvent(new PopStateEvent('popstate'))
}
