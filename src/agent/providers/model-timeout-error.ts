import { ModelStreamError } from './model-stream-error.js'

/** Where a silent model call was waiting: for its response to begin, or for the next part mid-stream. */
export type ModelTimeoutPhase = 'first-byte' | 'mid-stream'

/**
 * A model call that sent nothing for the profile's `agent.streamIdleTimeoutSec`: before its
 * response began, or between two parts of its stream. Retryable, like a cut stream.
 */
export class ModelTimeoutError extends ModelStreamError {
  override readonly name = 'ModelTimeoutError'
  readonly seconds: number
  readonly phase: ModelTimeoutPhase

  constructor(seconds: number, phase: ModelTimeoutPhase) {
    super(
      `the model sent nothing for ${seconds} s ${phase === 'first-byte' ? 'after the request' : 'mid-stream'} (agent.streamIdleTimeoutSec)`,
      { retryable: true },
    )
    this.seconds = seconds
    this.phase = phase
  }
}
