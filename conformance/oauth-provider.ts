import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js'

const redirectUrl = 'http://localhost:3999/callback'

/**
 * An in-memory OAuth client for the conformance client scenarios. The "user" is headless: the
 * authorization URL is fetched without following the redirect, and the code is taken from it.
 */
export class HeadlessOAuthProvider implements OAuthClientProvider {
  /** The code of the last authorization, for `transport.finishAuth`. */
  authorizationCode: string | undefined
  /**
   * The client id URL offered to servers that support client ID metadata documents; the suite's
   * CIMD scenario checks for its own fixture URL.
   */
  readonly clientMetadataUrl = 'https://conformance-test.local/client-metadata.json'
  #client: OAuthClientInformationMixed | undefined
  #tokens: OAuthTokens | undefined
  #verifier = ''

  constructor(preregistered?: OAuthClientInformationMixed) {
    this.#client = preregistered
  }

  get redirectUrl(): string {
    return redirectUrl
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'toolhost-conformance-client',
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.#client
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.#client = info
  }

  tokens(): OAuthTokens | undefined {
    return this.#tokens
  }

  saveTokens(tokens: OAuthTokens): void {
    this.#tokens = tokens
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    const response = await fetch(url, { redirect: 'manual' })
    const location = response.headers.get('location')
    this.authorizationCode = location === null ? undefined : (new URL(location).searchParams.get('code') ?? undefined)
  }

  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier
  }

  codeVerifier(): string {
    return this.#verifier
  }
}
