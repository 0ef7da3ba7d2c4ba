/** The Profiles page. */
export function ProfilesPage() {
  return (
    <section>
      <h1>Profiles</h1>
    </section>
  )
}
