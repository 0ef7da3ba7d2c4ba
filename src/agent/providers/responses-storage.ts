import type { LanguageModelV4, SharedV4ProviderOptions } from '@ai-sdk/provider'

/**
 * The provider options of a turn on the OpenAI Responses API: unless the profile opts into
 * server-side storage (`agent.providerOptions.openai.store: true`), nothing is stored at OpenAI
 * (`store: false`). `@ai-sdk/openai` then asks reasoning models for their reasoning encrypted
 * (`include: ['reasoning.encrypted_content']`), which the transcript keeps and replay sends back
 * whole; with `store: true` replay sends references to the stored reasoning items instead. Other
 * models' options are returned as given.
 *
 * @example
 * streamTurn(model, { prompt, tools, providerOptions: responsesStorage(model, profile.agent.providerOptions) })
 */
export function responsesStorage(
  model: LanguageModelV4,
  options: SharedV4ProviderOptions | undefined,
): SharedV4ProviderOptions | undefined {
  if (model.provider !== 'openai.responses') return options
  return { ...options, openai: { store: false, ...options?.openai } }
}
