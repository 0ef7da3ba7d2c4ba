/** The Chat page. */
export function ChatPage() {
  return (
    <section>
      <h1>Chat</h1>
    </section>
  )
}
