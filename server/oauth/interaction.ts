import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { authenticateApiKey } from '../auth/authenticate.js';
import { loadSecret } from '../auth/secrets.js';
import { AppError } from '../errors.js';
import type { Services } from '../services.js';
import { csrfToken, csrfTokenMatches, html, type SafeHtml, sendPage } from '../web/page.js';
import { OAUTH_SCOPES, SCOPE_DESCRIPTIONS } from './scopes.js';

interface PageModel {
  uid: string;
  clientName: string;
  clientId: string;
  redirectHost: string;
  /** The connector's scopes asked for (shown, and granted on the resource). */
  scopes: string[];
  /** Whether `openid` was asked for too (granted as an OpenID scope, or consent would be asked again and again). */
  openid: boolean;
  /** Everything asked for, as the client spelled it. */
  asked: string[];
  csrf: string;
  error?: string;
}

/** The login and consent page: who asks, for what, and the sign-in form (no script, escaped). */
function consentPage(m: PageModel): SafeHtml {
  return html`<main>
<h1>Connect ${m.clientName} to Proxima</h1>
<p><strong>${m.clientName}</strong> <span class="muted">(${m.clientId})</span> asks to use your Proxima account.
After you decide, you go back to <strong>${m.redirectHost}</strong>.</p>
<h2>It will be able to</h2>
<ul>${m.scopes.map((s) => html`<li><code>${s}</code>: ${SCOPE_DESCRIPTIONS[s] ?? s}</li>`)}</ul>
${m.error ? html`<p class="error" role="alert">${m.error}</p>` : html``}
<form method="post" action="/oauth/interaction/${m.uid}">
<input type="hidden" name="csrf" value="${m.csrf}">
<label for="api_key">Sign in with one of your API keys</label>
<input type="password" id="api_key" name="api_key" autocomplete="off" spellcheck="false">
<p class="muted">Your key is only used to confirm it is you; it is not shared with ${m.clientName}. The app gets only the scopes above that your key holds.</p>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
</main>`;
}

/** Host of the redirect URI the client asked for (what the account holder goes back to). */
function hostOf(uri: unknown): string {
  try {
    return new URL(String(uri)).host;
  } catch {
    return String(uri ?? '');
  }
}

/**
 * `/oauth/interaction/:uid`: oidc-provider sends the browser here to log in and consent. GET
 * shows the page; POST checks the CSRF token, then either denies (`access_denied` back to the
 * client) or signs the holder in with an API key and grants the requested scopes for the
 * connector, and oidc-provider redirects to the client with the code. docs/oauth.md.
 */
export function interactionRoutes(provider: Provider, services: Services, resource: string): Router {
  const secret = loadSecret(services.config.dataDir, 'oauth-csrf');
  const router = new Router();
  const readForm = bodyParser({ enableTypes: ['form'], formLimit: '16kb' });

  async function model(ctx: Context, uid: string, error?: string): Promise<PageModel> {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (details.uid !== uid)
      throw new AppError(400, 'bad_request', 'This sign-in link does not match the browser session; start again from the app.');
    const clientId = String(details.params.client_id);
    const client = await provider.Client.find(clientId);
    const asked = String(details.params.scope ?? '')
      .split(' ')
      .filter(Boolean);
    return {
      uid,
      clientId,
      clientName: client?.clientName ?? clientId,
      redirectHost: hostOf(details.params.redirect_uri),
      scopes: asked.filter((s) => (OAUTH_SCOPES as readonly string[]).includes(s)),
      openid: asked.includes('openid'),
      asked,
      csrf: csrfToken(secret, uid),
      error,
    };
  }

  // An expired or foreign interaction (oidc-provider's errors) is an error page, not a 500.
  router.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      // A form past its 16 KiB (the page's form is a few hundred bytes) is the sender's mistake.
      if ((err as { type?: unknown }).type === 'entity.too.large') {
        sendPage(ctx, 413, 'Request refused', html`<main><h1>Request refused</h1><p>The form is too large.</p></main>`);
        return;
      }
      if (!(err instanceof errors.OIDCProviderError)) throw err;
      ctx.status = err.statusCode;
      renderOAuthError(ctx, { error: err.error, error_description: err.error_description });
    }
  });

  /**
   * A request for none of the connector's scopes cannot be granted anything: the client hears
   * `invalid_scope` saying what it may ask for (before, consent ended in a bare `access_denied`).
   */
  async function refuseScopeless(ctx: Context, page: PageModel): Promise<boolean> {
    if (page.scopes.length) return false;
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      {
        error: 'invalid_scope',
        error_description: `none of the scopes asked for (${page.asked.join(' ') || 'none'}) is offered; ask for some of: ${OAUTH_SCOPES.join(' ')}`,
      },
      { mergeWithLastSubmission: false },
    );
    ctx.respond = false;
    return true;
  }

  router.get('/oauth/interaction/:uid', async (ctx) => {
    const page = await model(ctx, ctx.params.uid as string);
    if (await refuseScopeless(ctx, page)) return;
    sendPage(ctx, 200, 'Connect to Proxima', consentPage(page));
  });

  router.post('/oauth/interaction/:uid', readForm, async (ctx) => {
    const uid = ctx.params.uid as string;
    const form = (ctx.request.body ?? {}) as Record<string, unknown>;
    const page = await model(ctx, uid);
    if (!csrfTokenMatches(secret, uid, form.csrf)) {
      sendPage(
        ctx,
        403,
        'Request refused',
        html`<main><h1>Request refused</h1><p>The form was not sent from this page. Go back to the app and start again.</p></main>`,
      );
      return;
    }
    if (await refuseScopeless(ctx, page)) return;
    if (form.decision === 'deny') {
      await provider.interactionFinished(
        ctx.req,
        ctx.res,
        { error: 'access_denied', error_description: 'The account holder denied access.' },
        { mergeWithLastSubmission: false },
      );
      ctx.respond = false;
      return;
    }
    if (form.decision !== 'allow') {
      sendPage(ctx, 400, 'Connect to Proxima', consentPage({ ...page, error: 'Choose Allow or Deny.' }));
      return;
    }
    let accountId: string;
    let keyScopes: readonly string[];
    try {
      const actor = authenticateApiKey(services, typeof form.api_key === 'string' ? form.api_key : undefined, services.clock());
      accountId = actor.ownerUserId;
      keyScopes = actor.scopes;
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'unauthorized') throw err;
      sendPage(ctx, 401, 'Connect to Proxima', consentPage({ ...page, error: `Sign-in failed: ${err.message}` }));
      return;
    }
    // No escalation: the app gets the scopes asked for that the signing key holds, never more.
    const granted = page.scopes.filter((s) => keyScopes.includes(s));
    if (granted.length === 0) {
      sendPage(
        ctx,
        403,
        'Connect to Proxima',
        consentPage({
          ...page,
          error: `This key holds none of the scopes the app asks for (${page.scopes.join(', ')}); sign in with a key that holds them.`,
        }),
      );
      return;
    }
    const grant = new provider.Grant({ accountId, clientId: page.clientId });
    // The scopes are the connector's (resource scopes); they are also known to the server itself,
    // so clients may register them, and are granted at both levels for the consent to be complete.
    grant.addResourceScope(resource, granted.join(' '));
    grant.addOIDCScope([...granted, ...(page.openid ? ['openid'] : [])].join(' '));
    // The scopes the key lacks are refused, so the consent is complete and not asked again.
    const refused = page.scopes.filter((s) => !granted.includes(s));
    if (refused.length) {
      grant.rejectResourceScope(resource, refused.join(' '));
      grant.rejectOIDCScope(refused.join(' '));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    ctx.respond = false;
  });

  return router;
}

/** oidc-provider's error page (an error it cannot send back to the client): ours, escaped, no script. */
export function renderOAuthError(ctx: Context, out: Record<string, unknown>): void {
  sendPage(
    ctx,
    ctx.status >= 400 ? ctx.status : 400,
    'Authorization failed',
    html`<main><h1>Authorization failed</h1><p><code>${out.error}</code>: ${out.error_description ?? ''}</p>
<p class="muted">Go back to the app and start the connection again.</p></main>`,
  );
}
