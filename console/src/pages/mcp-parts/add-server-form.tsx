import { useId, useState } from 'react'
import { api } from '../../api.js'
import { messageOf } from '../shared-parts/use-load.js'
import { parseHeaders, splitCommandLine } from './split-command-line.js'

/**
 * The "Add server" form: a name and either a command line (split into command and arguments) or a
 * URL with optional headers. Calls `onAdded` after the server was registered.
 *
 * @example
 * <AddServerForm onAdded={servers.reload} />
 */
export function AddServerForm({ onAdded }: { readonly onAdded: () => void }) {
  const id = useId()
  const [name, setName] = useState('')
  const [kind, setKind] = useState<'command' | 'url'>('command')
  const [commandLine, setCommandLine] = useState('')
  const [url, setUrl] = useState('')
  const [headers, setHeaders] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const split = kind === 'command' && commandLine.trim() !== '' ? splitCommandLine(commandLine) : undefined

  const submit = async () => {
    setError(undefined)
    let body: Record<string, unknown>
    if (kind === 'command') {
      const parts = splitCommandLine(commandLine)
      if ('error' in parts) return setError(parts.error)
      body = { name: name.trim(), command: parts.command, args: parts.args }
    } else {
      const parsed = parseHeaders(headers)
      if ('error' in parsed) return setError(parsed.error)
      body = { name: name.trim(), url: url.trim(), ...(Object.keys(parsed).length > 0 && { headers: parsed }) }
    }
    setBusy(true)
    try {
      await api('/api/mcp/servers', { method: 'POST', body })
      setName('')
      setCommandLine('')
      setUrl('')
      setHeaders('')
      onAdded()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="pg-form pg-card"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <h2 id={`${id}-title`}>Add server</h2>
      <label>
        Name
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          pattern="[A-Za-z0-9_-]+"
          title="Letters, digits, _ and -"
          autoComplete="off"
        />
      </label>
      <fieldset className="pg-row">
        <legend>Transport</legend>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'command'} onChange={() => setKind('command')} />{' '}
          Command (stdio)
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'url'} onChange={() => setKind('url')} /> URL (HTTP)
        </label>
      </fieldset>
      {kind === 'command' ? (
        <label>
          Command line
          <input
            value={commandLine}
            onChange={(e) => setCommandLine(e.target.value)}
            required
            placeholder="npx -y @modelcontextprotocol/server-everything"
            aria-describedby={`${id}-split`}
            autoComplete="off"
            spellCheck={false}
          />
          <span id={`${id}-split`} className="pg-small pg-muted">
            {split === undefined
              ? 'Quoted words stay together, as in a shell.'
              : 'error' in split
                ? split.error
                : `Runs ${JSON.stringify(split.command)} with ${split.args.length === 0 ? 'no arguments' : JSON.stringify(split.args)}`}
          </span>
        </label>
      ) : (
        <>
          <label>
            URL
            <input
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              required
              placeholder="https://example.com/mcp"
            />
          </label>
          <label>
            Headers (one "Name: value" a line, optional)
            <textarea value={headers} onChange={(e) => setHeaders(e.target.value)} rows={2} spellCheck={false} />
          </label>
        </>
      )}
      {error !== undefined && (
        <p role="alert" className="pg-error">
          {error}
        </p>
      )}
      <div>
        <button type="submit" disabled={busy}>
          {busy ? 'Adding…' : 'Add server'}
        </button>
      </div>
    </form>
  )
}
