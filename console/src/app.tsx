import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { loadSession } from './api.js'
import { AppHeader } from './components/app-header.js'
import { describeError } from './components/error-note.js'
import { Link } from './components/link.js'
import { NotLoggedIn } from './components/not-logged-in.js'
import { usePendingApprovals } from './components/pending-approvals.js'
import { applyTheme, storedTheme } from './components/theme.js'
import { ApprovalsPage } from './pages/approvals-page.js'
import { ChatPage } from './pages/chat-page.js'
import { McpPage } from './pages/mcp-page.js'
import { ProfilesPage } from './pages/profiles-page.js'
import { RunPage } from './pages/run-page.js'
import { RunsPage } from './pages/runs-page.js'
import { SchedulesPage } from './pages/schedules-page.js'
import { ToolsPage } from './pages/tools-page.js'
import { usePath } from './router.js'

type SessionState = { kind: 'checking' } | { kind: 'in' } | { kind: 'out' } | { kind: 'failed'; error: unknown }

/**
 * The web console: it checks the session (a "not logged in" screen without one), then draws the
 * header and the page the path names.
 * @example
 * createRoot(root).render(<App />)
 */
export function App(): ReactNode {
  // A theme chosen on an earlier visit holds on every screen, the login screen too.
  useEffect(() => applyTheme(storedTheme()), [])
  const [session, setSession] = useState<SessionState>({ kind: 'checking' })
  const check = useCallback(() => {
    setSession({ kind: 'checking' })
    loadSession().then(
      (found) => setSession(found === undefined ? { kind: 'out' } : { kind: 'in' }),
      (error: unknown) => setSession({ kind: 'failed', error }),
    )
  }, [])
  useEffect(check, [check])
  const loggedOut = useCallback(() => setSession({ kind: 'out' }), [])

  switch (session.kind) {
    case 'checking':
      return (
        <main id="main" className="login-screen" aria-busy="true">
          <p className="muted">Loading…</p>
        </main>
      )
    case 'out':
      return <NotLoggedIn onRetry={check} />
    case 'failed':
      return (
        <main id="main" className="login-screen">
          <h1>The console cannot reach toolhost</h1>
          <p role="alert">{describeError(session.error)}</p>
          <button type="button" onClick={check}>
            Try again
          </button>
        </main>
      )
    case 'in':
      return <Shell onLoggedOut={loggedOut} />
  }
}

function Shell({ onLoggedOut }: { readonly onLoggedOut: () => void }): ReactNode {
  const path = usePath()
  const pending = usePendingApprovals(onLoggedOut)
  const main = useRef<HTMLElement>(null)
  const shown = useRef<string | undefined>(undefined)
  const { title, page } = route(path)
  // Choosing a tool keeps the Tools page (and the place in its list); any other link is a new page.
  const pageKey = path.startsWith('/tools/') ? '/tools' : path
  useEffect(() => {
    document.title = `${title} · toolhost`
  }, [title])
  useEffect(() => {
    // After following a link, the keyboard and screen readers start at the new page, not the old link.
    if (shown.current !== undefined && shown.current !== pageKey) main.current?.focus()
    shown.current = pageKey
  }, [pageKey])
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader path={path} pendingApprovals={pending} />
      <main id="main" ref={main} tabIndex={-1}>
        {page}
      </main>
    </>
  )
}

/** The page a path names, and its title. */
function route(path: string): { title: string; page: ReactNode } {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  const tool = /^\/tools\/(.+)$/.exec(trimmed)
  if (tool?.[1] !== undefined) {
    const toolId = safeDecode(tool[1])
    return { title: `Tool ${toolId}`, page: <ToolsPage toolId={toolId} /> }
  }
  const run = /^\/runs\/([^/]+)$/.exec(trimmed)
  if (run?.[1] !== undefined) {
    const runId = safeDecode(run[1])
    return { title: `Run ${runId}`, page: <RunPage key={runId} runId={runId} /> }
  }
  switch (trimmed) {
    case '/':
    case '/tools':
      return { title: 'Tools', page: <ToolsPage /> }
    case '/runs':
      return { title: 'Runs', page: <RunsPage /> }
    case '/approvals':
      return { title: 'Approvals', page: <ApprovalsPage /> }
    case '/mcp-servers':
      return { title: 'MCP servers', page: <McpPage /> }
    case '/profiles':
      return { title: 'Profiles', page: <ProfilesPage /> }
    case '/schedules':
      return { title: 'Schedules', page: <SchedulesPage /> }
    case '/chat':
      return { title: 'Chat', page: <ChatPage /> }
    default:
      return {
        title: 'Not found',
        page: (
          <section className="page">
            <h1>No such page</h1>
            <p>
              Nothing lives at <code>{path}</code>. Go to <Link href="/tools">Tools</Link>.
            </p>
          </section>
        ),
      }
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
