/**
 * A model string, key or base URL that cannot work: the message is one line a person can act on
 * (which provider, which environment variable, which option). Never retried.
 */
export class ModelConfigError extends Error {
  override readonly name = 'ModelConfigError'
}
