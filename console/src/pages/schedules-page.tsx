/** The Schedules page. */
export function SchedulesPage() {
  return (
    <section>
      <h1>Schedules</h1>
    </section>
  )
}
