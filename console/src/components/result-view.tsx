import type { ReactNode } from 'react'
import type { CallOutcome, ToolResult } from './api-shapes.js'
import { DataTable, tableOf } from './data-table.js'
import { looksLikeDiff } from './diff-lines.js'
import { DiffView } from './diff-view.js'
import { JsonView } from './json-view.js'
import { Link } from './link.js'

/**
 * A tool call's outcome drawn for people: a wait for approval (with the way to Approvals), an error
 * with its code, or the result's text (diffs coloured), its structured data (an array of objects as
 * a table, anything else as JSON) and its images, with a link to the run.
 * @example
 * <ResultView outcome={{ status: 'completed', runId: 'run_1', result: { content: 'ok', isError: false } }} />
 */
export function ResultView({ outcome }: { readonly outcome: CallOutcome }): ReactNode {
  const runLink = (
    <Link href={`/runs/${encodeURIComponent(outcome.runId)}`}>
      run <code>{outcome.runId}</code>
    </Link>
  )
  if (outcome.status === 'paused')
    return (
      <div className="notice notice-info">
        <p>
          <strong>Waiting for approval.</strong> The permissions ask before this call runs
          {outcome.approvalId !== undefined && (
            <>
              {' '}
              (request <code>{outcome.approvalId}</code>)
            </>
          )}
          . Decide it on <Link href="/approvals">Approvals</Link>; {runLink} goes on after.
        </p>
      </div>
    )
  const result = outcome.result
  if (result === undefined)
    return (
      <div className="notice notice-error">
        <p>
          The call {outcome.status === 'failed' ? 'failed' : 'ended'} without a result. See {runLink}.
        </p>
      </div>
    )
  return (
    <div className="result">
      {result.isError ? (
        <div className="notice notice-error">
          <p>
            <strong>{result.errorCode ?? 'error'}</strong>
          </p>
          <pre className="result-text">{result.content}</pre>
        </div>
      ) : (
        <ResultBody result={result} />
      )}
      {(result.images ?? []).length > 0 && (
        <div className="result-images">
          {(result.images ?? []).map((image) => (
            <figure key={image.url}>
              <img src={image.url} alt={`Result image ${image.path}`} loading="lazy" />
              <figcaption>
                <a href={image.url} target="_blank" rel="noreferrer">
                  {image.path}
                </a>{' '}
                <span className="muted">({image.mimeType})</span>
              </figcaption>
            </figure>
          ))}
        </div>
      )}
      <p className="muted small">From {runLink}.</p>
    </div>
  )
}

function ResultBody({ result }: { readonly result: ToolResult }): ReactNode {
  // Text that is itself JSON is shown as data when the tool sent no structured result.
  const data = result.structured !== undefined ? result.structured : parseJson(result.content)
  const table = data !== undefined ? tableOf(data) : undefined
  const showText = result.structured !== undefined || data === undefined
  return (
    <>
      {showText &&
        (result.content === '' ? (
          <p className="muted">(empty result)</p>
        ) : looksLikeDiff(result.content) ? (
          <DiffView text={result.content} label="Changes" />
        ) : (
          <pre className="result-text">{result.content}</pre>
        ))}
      {data !== undefined &&
        (table !== undefined ? (
          <>
            <DataTable table={table} caption="Structured data" />
            <details>
              <summary>As JSON</summary>
              <JsonView value={data} label="Structured data as JSON" />
            </details>
          </>
        ) : (
          <JsonView value={data} label="Structured data" />
        ))}
    </>
  )
}

function parseJson(text: string): unknown {
  const trimmed = text.trim()
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined
  try {
    return JSON.parse(trimmed) as unknown
  } catch {
    return undefined
  }
}
