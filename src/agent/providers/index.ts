/** The model-provider layer of the agent loop (DESIGN §13). */
export { abortError, isAbortError } from './abort-error.js'
export { describeModelError, isModelCallError, type ModelErrorContext } from './describe-model-error.js'
export { ModelConfigError } from './model-config-error.js'
export { defaultModelContextTokens, lookupModelFamily, modelFamilies, type ModelFamily } from './model-families.js'
export {
  defaultModelRetries,
  defaultModelRetryDelayMs,
  isRetryableModelError,
  withModelRetries,
  type ModelRetryInfo,
  type ModelRetryOptions,
} from './model-retries.js'
export { isModelProvider, modelProviders, parseModelSpec, type ModelProvider, type ModelSpec } from './model-spec.js'
export { ModelStreamError } from './model-stream-error.js'
export { isNetworkError, networkCode } from './network-error.js'
export { declaresNoParameters, modelTools } from './model-tools.js'
export { defaultStreamIdleTimeoutSec } from './idle-watchdog.js'
export { ModelTimeoutError, type ModelTimeoutPhase } from './model-timeout-error.js'
export type { ModelCallPhase, ModelStreamEvent, ModelTurn, ModelUsage } from './model-turn.js'
export {
  providerRules,
  resolveModel,
  type ProviderRule,
  type ResolvedModel,
  type ResolveModelOptions,
} from './resolve-model.js'
export { streamTurn, type StreamTurnRequest } from './stream-turn.js'
