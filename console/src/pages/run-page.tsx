/** One run of the agent. */
export function RunPage({ runId }: { readonly runId: string }) {
  return (
    <section>
      <h1>Run {runId}</h1>
    </section>
  )
}
