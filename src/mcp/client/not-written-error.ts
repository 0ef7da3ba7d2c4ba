/** Thrown by a transport's `send` when the message could not be written at all (the server is gone). */
export class NotWrittenError extends Error {
  override readonly name = 'NotWrittenError'
}
