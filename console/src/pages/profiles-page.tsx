import { useEffect, useId, useRef, useState } from 'react'
import { api, ApiError } from '../api.js'
import { Link } from '../components/link.js'
import { LineEditor, type LineEditorHandle, type LineProblem } from './profiles-parts/line-editor.js'
import { StatusBadge } from './shared-parts/status-badge.js'
import { messageOf, useLoad } from './shared-parts/use-load.js'
import './pages.css'

type Format = 'json' | 'yaml'

interface ProfileEntry {
  readonly id: string
  readonly path: string
  readonly valid: boolean
  readonly error?: string
}

interface ProfileText {
  readonly id: string
  readonly path?: string
  readonly format: Format
  readonly text: string
}

/** The text a new profile starts from: the two settings every profile must have. */
export function newProfileText(id: string, format: Format): string {
  return format === 'json'
    ? `${JSON.stringify({ schemaVersion: 2, id, name: id, permissions: { allow: [], ask: [], deny: [] } }, null, 2)}\n`
    : `schemaVersion: 2\nid: ${id}\nname: ${id}\npermissions:\n  allow: []\n  ask: []\n  deny: []\n`
}

/** The stored profiles, and an editor that checks the text as it is typed and saves it when valid. */
export function ProfilesPage() {
  const profiles = useLoad<{ profiles: ProfileEntry[] }>('/api/profiles')
  const [open, setOpen] = useState<ProfileText & { readonly isNew: boolean }>()
  const [newId, setNewId] = useState('')
  const [newFormat, setNewFormat] = useState<Format>('yaml')
  const [loadError, setLoadError] = useState<string>()
  const [creating, setCreating] = useState(false)

  const select = (id: string) => {
    setLoadError(undefined)
    history.replaceState(null, '', `/profiles?id=${encodeURIComponent(id)}`)
    api<ProfileText>(`/api/profiles/${encodeURIComponent(id)}`).then(
      (profile) => setOpen({ ...profile, isNew: false }),
      (failure: unknown) => setLoadError(messageOf(failure)),
    )
  }

  // A link to one profile (`/profiles?id=coder`) opens it.
  useEffect(() => {
    const id = new URLSearchParams(location.search).get('id')
    if (id !== null) select(id)
  }, [])

  const list = profiles.data?.profiles ?? []
  return (
    <section className="page pg-page" aria-labelledby="profiles-title">
      <header className="pg-head">
        <h1 id="profiles-title">Profiles</h1>
        <button type="button" onClick={profiles.reload} disabled={profiles.loading}>
          Refresh
        </button>
      </header>
      {profiles.error !== undefined && (
        <p role="alert" className="pg-error">
          {profiles.error}
        </p>
      )}
      <div className="pf-layout">
        <nav aria-label="Profiles" className="pf-list">
          <ul className="pg-cards">
            {list.map((profile) => (
              <li key={profile.id}>
                <Link
                  href={`/profiles?id=${encodeURIComponent(profile.id)}`}
                  className="pf-pick"
                  aria-current={open?.id === profile.id ? 'page' : undefined}
                  onClick={(event) => {
                    event.preventDefault()
                    select(profile.id)
                  }}
                >
                  <span className="pg-row">
                    <strong>{profile.id}</strong> <StatusBadge status={profile.valid ? 'valid' : 'invalid'} />
                  </span>
                  <span className="pg-small pg-muted pg-id">{profile.path}</span>
                  {profile.error !== undefined && <span className="pg-small pg-error">{profile.error}</span>}
                </Link>
              </li>
            ))}
          </ul>
          {profiles.data !== undefined && list.length === 0 && <p className="pg-muted">No stored profiles.</p>}
          {creating ? (
            <form
              className="pg-form"
              aria-label="New profile"
              onSubmit={(event) => {
                event.preventDefault()
                const id = newId.trim()
                if (id === '') return
                setOpen({ id, format: newFormat, text: newProfileText(id, newFormat), isNew: true })
                setNewId('')
                setCreating(false)
              }}
            >
              <label>
                New profile id
                <input
                  value={newId}
                  onChange={(e) => setNewId(e.target.value)}
                  pattern="[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}"
                  required
                  autoComplete="off"
                />
              </label>
              <label>
                Format
                <select value={newFormat} onChange={(e) => setNewFormat(e.target.value as Format)}>
                  <option value="yaml">YAML</option>
                  <option value="json">JSON</option>
                </select>
              </label>
              <div>
                <button type="submit">Create</button>{' '}
                <button type="button" onClick={() => setCreating(false)}>
                  Cancel
                </button>
              </div>
            </form>
          ) : (
            <div>
              <button type="button" onClick={() => setCreating(true)}>
                New profile…
              </button>
            </div>
          )}
        </nav>
        <div className="pf-editor">
          {loadError !== undefined && (
            <p role="alert" className="pg-error">
              {loadError}
            </p>
          )}
          {open === undefined ? (
            <p className="pg-muted">Pick a profile to edit, or start a new one.</p>
          ) : (
            <ProfileEditor
              key={`${open.id}:${open.isNew}`}
              profile={open}
              onSaved={() => {
                setOpen((before) => before && { ...before, isNew: false })
                profiles.reload()
              }}
            />
          )}
        </div>
      </div>
    </section>
  )
}

const checkDelayMs = 400

function ProfileEditor({
  profile,
  onSaved,
}: {
  readonly profile: ProfileText & { readonly isNew: boolean }
  readonly onSaved: () => void
}) {
  const id = useId()
  const editor = useRef<LineEditorHandle>(null)
  const [text, setText] = useState(profile.text)
  const [saved, setSaved] = useState(profile.isNew ? undefined : profile.text)
  const [check, setCheck] = useState<{ text: string; valid: boolean; errors: LineProblem[] }>()
  const [checkError, setCheckError] = useState<string>()
  const [saving, setSaving] = useState(false)
  const [notice, setNotice] = useState<string>()

  useEffect(() => {
    let current = true
    const timer = setTimeout(() => {
      api<{ valid: boolean; errors: LineProblem[] }>('/api/profiles/validate', {
        method: 'POST',
        body: { text, format: profile.format },
      }).then(
        (answer) => {
          if (!current) return
          setCheck({ text, ...answer })
          setCheckError(undefined)
        },
        (failure: unknown) => current && setCheckError(messageOf(failure)),
      )
    }, checkDelayMs)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [text, profile.format])

  const checked = check?.text === text
  const problems = check?.errors ?? []
  const canSave = checked && check.valid && text !== saved && !saving

  const save = async () => {
    setSaving(true)
    setNotice(undefined)
    try {
      await api(`/api/profiles/${encodeURIComponent(profile.id)}`, {
        method: 'PUT',
        body: { text, format: profile.format },
      })
      setSaved(text)
      setNotice(`Saved ${profile.id}.`)
      onSaved()
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422 && Array.isArray(failure.details))
        setCheck({ text, valid: false, errors: failure.details as LineProblem[] })
      setNotice(messageOf(failure))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form
      className="pf-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault()
        if (canSave) void save()
      }}
    >
      <div className="pg-head">
        <h2 id={`${id}-title`}>
          {profile.id}{' '}
          <span className="pg-small pg-muted">
            ({profile.format.toUpperCase()}
            {profile.isNew && saved === undefined ? ', new' : ''})
          </span>
        </h2>
        <button type="submit" className="button-primary" disabled={!canSave}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
      <LineEditor
        ref={editor}
        label={`Text of profile ${profile.id}`}
        value={text}
        onChange={setText}
        problems={problems}
        describedBy={`${id}-state`}
      />
      <p id={`${id}-state`} role="status" aria-live="polite" className="pg-small pg-live">
        {checkError !== undefined
          ? `Could not check: ${checkError}`
          : !checked
            ? 'Checking…'
            : check.valid
              ? text === saved
                ? 'Valid; nothing changed since it was loaded or stored.'
                : 'Valid.'
              : `${problems.length} problem${problems.length === 1 ? '' : 's'}.`}{' '}
        {notice}
      </p>
      {problems.length > 0 && (
        <ul className="pf-problems" aria-label="Problems">
          {problems.map((problem, index) => (
            <li key={index}>
              <button
                type="button"
                className="pf-problem"
                onClick={() => editor.current?.goTo(problem.line, problem.column)}
              >
                <span className="pg-error">
                  Line {problem.line}
                  {problem.column > 0 && `:${problem.column}`}
                </span>{' '}
                {problem.path !== undefined && problem.path !== '' && <code>{problem.path}</code>} {problem.message}
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  )
}
