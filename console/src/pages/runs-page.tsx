/** The Runs page. */
export function RunsPage() {
  return (
    <section>
      <h1>Runs</h1>
    </section>
  )
}
