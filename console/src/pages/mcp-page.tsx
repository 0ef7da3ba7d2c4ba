import { useState } from 'react'
import { api } from '../api.js'
import { AddServerForm } from './mcp-parts/add-server-form.js'
import { StatusBadge } from './shared-parts/status-badge.js'
import { formatTime, messageOf, useLoad } from './shared-parts/use-load.js'
import './pages.css'

/** A person's choice for one MCP tool. */
type McpPermission = 'off' | 'ask' | 'allow'

const permissions: readonly McpPermission[] = ['off', 'ask', 'allow']
const permissionWords: Record<McpPermission, string> = { off: 'Off', ask: 'Ask', allow: 'Allow' }

/** One registered MCP server as `GET /api/mcp/servers` sends it. */
interface McpServer {
  readonly name: string
  readonly transport: string
  readonly command?: string
  readonly args?: readonly string[]
  readonly url?: string
  readonly tools: readonly { readonly name: string; readonly description: string; readonly permission: McpPermission }[]
  readonly discoveredAt?: number | string
  readonly error?: string
}

/** The registered MCP servers: add, discover their tools, set each tool Off / Ask / Allow, remove. */
export function McpPage() {
  const servers = useLoad<{ servers: McpServer[] }>('/api/mcp/servers')
  const [notice, setNotice] = useState<string>()
  const list = servers.data?.servers ?? []
  return (
    <section className="page pg-page" aria-labelledby="mcp-title">
      <header className="pg-head">
        <h1 id="mcp-title">MCP servers</h1>
        <button type="button" onClick={servers.reload} disabled={servers.loading}>
          Refresh
        </button>
      </header>
      <p role="status" aria-live="polite" className="pg-small pg-live">
        {notice}
      </p>
      {servers.error !== undefined && (
        <p role="alert" className="pg-error">
          {servers.error}
        </p>
      )}
      {servers.data !== undefined && list.length === 0 && <p className="pg-muted">No MCP servers registered yet.</p>}
      <ul className="pg-cards">
        {list.map((server) => (
          <ServerCard key={server.name} server={server} onChanged={servers.reload} onNotice={setNotice} />
        ))}
      </ul>
      <AddServerForm
        onAdded={(name) => {
          setNotice(`Added ${name}; listing its tools…`)
          servers.reload()
          // Its tools are what a person adds a server for: list them at once (they start Off).
          void api(`/api/mcp/servers/${encodeURIComponent(name)}/discover`, { method: 'POST', body: {} })
            .then(
              () => setNotice(`Added ${name}; its tools start Off.`),
              (failure: unknown) => setNotice(`Added ${name}, but listing its tools failed: ${messageOf(failure)}`),
            )
            .finally(servers.reload)
        }}
      />
    </section>
  )
}

function ServerCard({
  server,
  onChanged,
  onNotice,
}: {
  readonly server: McpServer
  readonly onChanged: () => void
  readonly onNotice: (text: string) => void
}) {
  const [busy, setBusy] = useState<string>()
  const [error, setError] = useState<string>()
  const [confirming, setConfirming] = useState(false)
  const base = `/api/mcp/servers/${encodeURIComponent(server.name)}`

  const run = async (what: string, action: () => Promise<unknown>, done: string) => {
    setBusy(what)
    setError(undefined)
    try {
      await action()
      onNotice(done)
      onChanged()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(undefined)
    }
  }

  const where = server.url ?? [server.command, ...(server.args ?? [])].filter((w) => w !== undefined).join(' ')
  const headingId = `mcp-${server.name}`
  return (
    <li className="card pg-card">
      <section aria-labelledby={headingId}>
        <div className="pg-head">
          <h2 id={headingId} className="pg-row">
            {server.name} <span className="badge badge-neutral pg-badge">{server.transport}</span>
            {server.error !== undefined ? (
              <StatusBadge status="error" />
            ) : server.discoveredAt !== undefined ? (
              <StatusBadge status="discovered" />
            ) : (
              <StatusBadge status="not discovered" />
            )}
          </h2>
          <div className="pg-row">
            <button
              type="button"
              disabled={busy !== undefined}
              onClick={() =>
                void run(
                  'discover',
                  () => api(`${base}/discover`, { method: 'POST', body: {} }),
                  `Discovered the tools of ${server.name}.`,
                )
              }
            >
              {busy === 'discover' ? 'Discovering…' : 'Discover'}
            </button>
            {confirming ? (
              <span className="pg-row" role="group" aria-label={`Remove ${server.name}?`}>
                <span>Remove {server.name}?</span>
                <button
                  type="button"
                  className="button-danger"
                  disabled={busy !== undefined}
                  onClick={() => void run('remove', () => api(base, { method: 'DELETE' }), `Removed ${server.name}.`)}
                >
                  Yes, remove
                </button>
                <button type="button" onClick={() => setConfirming(false)}>
                  Keep
                </button>
              </span>
            ) : (
              <button type="button" className="button-danger" onClick={() => setConfirming(true)}>
                Remove
              </button>
            )}
          </div>
        </div>
        <p className="pg-small">
          <code className="pg-id">{where}</code>
          {server.discoveredAt !== undefined && (
            <span className="pg-muted"> · discovered {formatTime(server.discoveredAt)}</span>
          )}
        </p>
        {server.error !== undefined && <p className="pg-error">{server.error}</p>}
        {error !== undefined && (
          <p role="alert" className="pg-error">
            {error}
          </p>
        )}
        {server.tools.length > 0 && (
          <div className="pg-table-wrap">
            <table className="pg-table">
              <caption className="pg-small pg-muted">
                {server.tools.length} tool{server.tools.length === 1 ? '' : 's'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Tool</th>
                  <th scope="col">Permission</th>
                </tr>
              </thead>
              <tbody>
                {server.tools.map((tool) => (
                  <tr key={tool.name}>
                    <td>
                      <code>{tool.name}</code>
                      {tool.description !== '' && <div className="pg-small pg-muted">{tool.description}</div>}
                    </td>
                    <td>
                      <fieldset className="pg-row mcp-perm" disabled={busy !== undefined}>
                        <legend className="pg-sr">Permission of {tool.name}</legend>
                        {permissions.map((permission) => (
                          <label key={permission}>
                            <input
                              type="radio"
                              name={`${server.name}/${tool.name}`}
                              value={permission}
                              checked={tool.permission === permission}
                              onChange={() =>
                                void run(
                                  `tool:${tool.name}`,
                                  () =>
                                    api(`${base}/tools/${encodeURIComponent(tool.name)}`, {
                                      method: 'PUT',
                                      body: { permission },
                                    }),
                                  `${tool.name} is now ${permissionWords[permission]}.`,
                                )
                              }
                            />{' '}
                            {permissionWords[permission]}
                          </label>
                        ))}
                      </fieldset>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </li>
  )
}
