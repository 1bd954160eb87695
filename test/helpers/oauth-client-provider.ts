import http from 'node:http';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Browser } from 'playwright-core';

/** A loopback callback server (RFC 8252): records every query it receives. */
export async function startCallbackServer(): Promise<{ url: string; hits: URL[]; close(): Promise<void> }> {
  const hits: URL[] = [];
  const server = http.createServer((req, res) => {
    hits.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>You can close this window.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/callback`, hits, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * The MCP SDK client's OAuth provider for tests: keeps the registration, tokens and PKCE verifier
 * in memory, and "redirects" by driving a real Chromium page through the consent page: it signs
 * in with `apiKey` and clicks Allow or Deny, then waits for the browser to reach the callback.
 */
export class BrowserOAuthProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  stored: OAuthTokens | undefined;
  verifier = '';
  /** Every token set the SDK saved, in order (refreshes included). */
  readonly saved: OAuthTokens[] = [];
  /** What the browser brought back: the authorization code, or the error. */
  result: { code: string | null; error: string | null } | null = null;
  /** Whether redirectToAuthorization ran (the SDK decided a login was needed). */
  authorizations = 0;
  /** The consent page's text, as the browser showed it. */
  consentText = '';

  constructor(
    private readonly browser: Browser,
    private readonly callbackUrl: string,
    private readonly opts: { apiKey: string; decision?: 'allow' | 'deny'; scope?: string; clientName?: string },
  ) {}

  get redirectUrl(): string {
    return this.callbackUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.opts.clientName ?? 'Proxima test agent',
      redirect_uris: [this.callbackUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.opts.scope ? { scope: this.opts.scope } : {}),
    };
  }

  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: OAuthTokens) {
    this.stored = tokens;
    this.saved.push(tokens);
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizations++;
    const page = await this.browser.newPage();
    try {
      await page.goto(url.toString());
      this.consentText = (await page.textContent('main')) ?? '';
      await page.fill('input[name=api_key]', this.opts.apiKey);
      await Promise.all([
        page.waitForURL((u) => u.toString().startsWith(this.callbackUrl)),
        page.click(`button[name=decision][value=${this.opts.decision ?? 'allow'}]`),
      ]);
      const back = new URL(page.url());
      this.result = { code: back.searchParams.get('code'), error: back.searchParams.get('error') };
    } finally {
      await page.close();
    }
  }
}
