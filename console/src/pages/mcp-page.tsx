/** The MCP servers page. */
export function McpPage() {
  return (
    <section>
      <h1>MCP servers</h1>
    </section>
  )
}
