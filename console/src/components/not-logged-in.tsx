import type { ReactNode } from 'react'

/**
 * The screen for a browser without a session: where the login URL comes from.
 * @example
 * <NotLoggedIn onRetry={check} />
 */
export function NotLoggedIn({ onRetry }: { readonly onRetry: () => void }): ReactNode {
  return (
    <main id="main" className="login-screen">
      <h1>Not logged in</h1>
      <p>
        This console needs the login link that <code>toolhost serve</code> printed when it started, like{' '}
        <code>http://127.0.0.1:PORT/?token=…</code>. Open that link in this browser; it keeps you logged in.
      </p>
      <p>
        Lost it? The token is in <code>&lt;data-dir&gt;/serve-token</code>: open <code>/login?token=</code> followed by
        it.
      </p>
      <button type="button" onClick={onRetry}>
        Check again
      </button>
    </main>
  )
}
