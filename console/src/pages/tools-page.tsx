import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { api } from '../api.js'
import type { CallOutcome, ToolEntry } from '../components/api-shapes.js'
import { Badge, permissionTone } from '../components/badge.js'
import { ErrorNote } from '../components/error-note.js'
import { Link } from '../components/link.js'
import { approvalsChanged } from '../components/pending-approvals.js'
import { ResultView } from '../components/result-view.js'
import { SchemaForm } from '../components/schema/schema-form.js'

type Scope = 'session' | 'chat'

/**
 * Whether a tool matches a search: every word is in its id, name, description or an alias.
 * @example
 * toolMatches(tool, 'read file')
 */
export function toolMatches(tool: ToolEntry, query: string): boolean {
  const haystack = [tool.id, tool.name, tool.description, tool.source, ...Object.values(tool.aliases)]
    .join('\n')
    .toLowerCase()
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word))
}

/** The page of one tool: `/tools/<URL-encoded id>`. */
export function toolPath(toolId: string): string {
  return `/tools/${encodeURIComponent(toolId)}`
}

/**
 * The catalog as a searchable list of links; the tool `toolId` names (from `/tools/:toolId`) shows
 * its description and a form to call it.
 */
export function ToolsPage({ toolId }: { readonly toolId?: string | undefined } = {}): ReactNode {
  const [scope, setScope] = useState<Scope>('session')
  const [profile, setProfile] = useState('')
  const [profiles, setProfiles] = useState<readonly string[]>([])
  const [tools, setTools] = useState<readonly ToolEntry[] | undefined>(undefined)
  const [loadError, setLoadError] = useState<unknown>(undefined)
  const [query, setQuery] = useState('')

  useEffect(() => {
    let current = true
    api<{ profiles: readonly { id: string; valid: boolean }[] }>('/api/profiles').then(
      (answer) => current && setProfiles(answer.profiles.filter((p) => p.valid).map((p) => p.id)),
      // Without the list, the daemon's profile is used; nothing else depends on it.
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [])

  useEffect(() => {
    let current = true
    const search = new URLSearchParams({ scope, ...(profile !== '' && { profile }) })
    setLoadError(undefined)
    api<{ tools: readonly ToolEntry[] }>(`/api/tools?${search.toString()}`).then(
      (answer) => {
        if (!current) return
        setTools(answer.tools)
      },
      (error: unknown) => {
        if (!current) return
        setLoadError(error)
        setTools(undefined)
      },
    )
    return () => {
      current = false
    }
  }, [scope, profile])

  const shown = useMemo(() => (tools ?? []).filter((tool) => toolMatches(tool, query)), [tools, query])
  const selected = toolId === undefined ? undefined : tools?.find((tool) => tool.id === toolId)

  return (
    <section className="page" aria-labelledby="tools-heading">
      <h1 id="tools-heading">Tools</h1>
      <div className="toolbar">
        <div className="field field-inline">
          <label htmlFor="tools-scope">Scope</label>
          <select id="tools-scope" value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
            <option value="session">session</option>
            <option value="chat">chat</option>
          </select>
        </div>
        <div className="field field-inline">
          <label htmlFor="tools-profile">Profile</label>
          <select id="tools-profile" value={profile} onChange={(e) => setProfile(e.target.value)}>
            <option value="">(the daemon's)</option>
            {profiles.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ErrorNote error={loadError} action="The tools could not be loaded" />
      <div className={selected !== undefined ? 'split split-chosen' : 'split'}>
        <div className="split-list">
          <div className="field">
            <label htmlFor="tools-search">Search tools</label>
            <input
              id="tools-search"
              type="search"
              autoComplete="off"
              placeholder="id, name, alias or words of the description"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <p className="muted small" aria-live="polite">
            {tools === undefined
              ? loadError === undefined
                ? 'Loading tools…'
                : ''
              : `${shown.length} of ${tools.length} tools`}
          </p>
          <ul className="item-list" aria-label="Tools">
            {shown.map((tool) => (
              <li key={tool.id}>
                <ToolListItem tool={tool} selected={tool.id === toolId} />
              </li>
            ))}
          </ul>
        </div>
        <div className="split-detail">
          {selected === undefined ? (
            toolId !== undefined && tools !== undefined ? (
              <p className="notice notice-warn">
                There is no tool <code>{toolId}</code> in this scope and profile.
              </p>
            ) : (
              <p className="muted">Choose a tool to see its description and call it.</p>
            )
          ) : (
            <ToolDetail key={`${selected.id} ${scope} ${profile}`} tool={selected} scope={scope} profile={profile} />
          )}
        </div>
      </div>
    </section>
  )
}

/**
 * A tool's aliases in a few words: the alias alone when every protocol uses it, else each alias with
 * its protocols.
 * @example
 * aliasSummary({ anthropic: 'read', gemini: 'read' }) // 'as read'
 */
export function aliasSummary(aliases: Readonly<Record<string, string>>): string {
  const byAlias = new Map<string, string[]>()
  for (const [protocol, alias] of Object.entries(aliases)) byAlias.set(alias, [...(byAlias.get(alias) ?? []), protocol])
  if (byAlias.size === 1) return `as ${[...byAlias.keys()].join('')}`
  return [...byAlias].map(([alias, protocols]) => `${alias} (${protocols.join(', ')})`).join(' · ')
}

function ToolListItem({ tool, selected }: { readonly tool: ToolEntry; readonly selected: boolean }): ReactNode {
  return (
    <Link href={toolPath(tool.id)} className="item-link" aria-current={selected ? 'page' : undefined}>
      <span className="item-title">
        <code>{tool.id}</code>
      </span>
      <span className="item-meta">
        <Badge>{tool.source}</Badge>
        <Badge tone={permissionTone(tool.permission)}>{tool.permission}</Badge>
        {tool.offered === false && <Badge tone="bad">not offered</Badge>}
        {tool.diagnostics.length > 0 && (
          <Badge tone="warn">
            {tool.diagnostics.length} {tool.diagnostics.length === 1 ? 'diagnostic' : 'diagnostics'}
          </Badge>
        )}
      </span>
      {Object.keys(tool.aliases).length > 0 && (
        <span className="item-aliases small muted">{aliasSummary(tool.aliases)}</span>
      )}
    </Link>
  )
}

function ToolDetail({
  tool,
  scope,
  profile,
}: {
  readonly tool: ToolEntry
  readonly scope: Scope
  readonly profile: string
}): ReactNode {
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<CallOutcome | undefined>(undefined)
  const [callError, setCallError] = useState<unknown>(undefined)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    // On a narrow screen the details are below the list: bring them into view.
    if (matchMedia('(max-width: 56rem)').matches) heading.current?.scrollIntoView?.({ block: 'start' })
  }, [])
  const aliases = Object.entries(tool.aliases)

  const call = (args: Record<string, unknown>) => {
    setBusy(true)
    setOutcome(undefined)
    setCallError(undefined)
    api<CallOutcome>(`/api/tools/${encodeURIComponent(tool.id)}/call`, {
      method: 'POST',
      body: { arguments: args, scope, ...(profile !== '' && { profile }) },
    })
      .then(
        (answer) => {
          setOutcome(answer)
          if (answer.status === 'paused') approvalsChanged()
        },
        (error: unknown) => setCallError(error),
      )
      .finally(() => setBusy(false))
  }

  return (
    <article className="card" aria-labelledby="tool-heading">
      <h2 id="tool-heading" ref={heading} tabIndex={-1}>
        <code>{tool.id}</code>
      </h2>
      <p className="item-meta">
        <Badge>{tool.source}</Badge>
        <Badge tone={permissionTone(tool.permission)} title="What the profile decides for a plain call">
          permission: {tool.permission}
        </Badge>
        {tool.readOnly && <Badge tone="info">read-only</Badge>}
        {tool.offered === false && <Badge tone="bad">not offered</Badge>}
        {tool.deferred === true && <Badge>deferred</Badge>}
      </p>
      <Description text={tool.description} />
      {aliases.length > 0 && (
        <>
          <h3>Aliases</h3>
          <dl className="pairs">
            {aliases.map(([protocol, alias]) => (
              <div key={protocol}>
                <dt>{protocol}</dt>
                <dd>
                  <code>{alias}</code>
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {tool.diagnostics.length > 0 && (
        <>
          <h3>Diagnostics</h3>
          <ul className="diagnostics">
            {tool.diagnostics.map((d, i) => (
              <li key={i} className="notice notice-warn">
                <code>{d.code}</code> {d.message}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>Call</h3>
      <SchemaForm schema={tool.inputSchema} idPrefix="call" submitLabel="Call" busy={busy} onSubmit={call} />
      <section className="call-result" aria-live="polite" aria-busy={busy} aria-label="Call result">
        {busy && <p className="muted">Calling {tool.id}…</p>}
        <ErrorNote error={callError} action="The call was refused" />
        {outcome !== undefined && (
          <>
            <h3>Result</h3>
            <ResultView outcome={outcome} />
          </>
        )}
      </section>
    </article>
  )
}

/** A description's first paragraph, the rest folded away so the form stays near the top. */
function Description({ text }: { readonly text: string }): ReactNode {
  if (text.trim() === '') return <p className="muted">No description.</p>
  const split = text.search(/\n\s*\n/)
  if (split < 0 || text.length < 400) return <p className="description">{text}</p>
  return (
    <>
      <p className="description">{text.slice(0, split)}</p>
      <details className="description-more">
        <summary>The whole description</summary>
        <p className="description">{text.slice(split).trim()}</p>
      </details>
    </>
  )
}
