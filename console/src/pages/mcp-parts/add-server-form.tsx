import { useId, useState } from 'react'
import { api } from '../../api.js'
import { messageOf } from '../shared-parts/use-load.js'
import { commandOf, parseHeaders } from './split-command-line.js'

/**
 * The "Add server" form: a name and either a command line (split into command and arguments) or a
 * URL with optional headers. Calls `onAdded` with the name after the server was registered.
 *
 * @example
 * <AddServerForm onAdded={servers.reload} />
 */
export function AddServerForm({ onAdded }: { readonly onAdded: (name: string) => void }) {
  const id = useId()
  const [name, setName] = useState('')
  const [kind, setKind] = useState<'command' | 'url'>('command')
  const [command, setCommand] = useState('')
  const [args, setArgs] = useState('')
  const [url, setUrl] = useState('')
  const [headers, setHeaders] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const split = kind === 'command' && command.trim() !== '' ? commandOf(command, args) : undefined

  const submit = async () => {
    setError(undefined)
    let body: Record<string, unknown>
    if (kind === 'command') {
      const parts = commandOf(command, args)
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
      setCommand('')
      setArgs('')
      setUrl('')
      setHeaders('')
      onAdded(String(body.name))
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="pg-form card pg-card"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <h2 id={`${id}-title`}>Add server</h2>
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} required autoComplete="off" />
      </label>
      <fieldset className="pg-row">
        <legend>Transport</legend>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'command'} onChange={() => setKind('command')} />{' '}
          stdio (a program)
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'url'} onChange={() => setKind('url')} /> HTTP (a
          URL)
        </label>
      </fieldset>
      {kind === 'command' ? (
        <>
          <label>
            Command
            <input
              value={command}
              onChange={(e) => setCommand(e.target.value)}
              required
              placeholder="npx -y @modelcontextprotocol/server-everything"
              aria-describedby={`${id}-split`}
              autoComplete="off"
              spellCheck={false}
            />
          </label>
          <label>
            Arguments (optional)
            <input
              value={args}
              onChange={(e) => setArgs(e.target.value)}
              aria-describedby={`${id}-split`}
              autoComplete="off"
              spellCheck={false}
            />
          </label>
          <span id={`${id}-split`} className="pg-small pg-muted">
            {split === undefined
              ? 'A whole command line may go in Command; quoted words stay together, as in a shell.'
              : 'error' in split
                ? split.error
                : `Runs ${JSON.stringify(split.command)} with ${split.args.length === 0 ? 'no arguments' : JSON.stringify(split.args)}`}
          </span>
        </>
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
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Adding…' : 'Add server'}
        </button>
      </div>
    </form>
  )
}
