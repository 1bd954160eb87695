import crypto from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type { Context } from 'koa';
import { authenticateApiKey } from '../../auth/authenticate.js';
import { isScope, type Scope } from '../../auth/scopes.js';
import { loadSecret } from '../../auth/secrets.js';
import { WINDOW_DAYS } from '../../billing/rate-card.js';
import { CommandError } from '../../commands/create-account.js';
import { createApiKey } from '../../commands/create-api-key.js';
import { revokeApiKey } from '../../commands/revoke-api-key.js';
import { AppError } from '../../errors.js';
import { listAuthorizedClients, revokeAuthorizedClient } from '../../oauth/grants.js';
import type { Services } from '../../services.js';
import type { WebSession } from '../../store/web-sessions.js';
import { csrfToken, csrfTokenMatches, html, sendPage } from '../page.js';
import { usageChart, windowDays } from './usage-chart.js';
import { type DashboardModel, dashboardView, signInView } from './views.js';

const SESSION_COOKIE = 'proxima_account';
/** Before sign-in, a random nonce binds the sign-in form's CSRF token to this browser. */
const PRE_COOKIE = 'proxima_account_pre';
const TITLE = 'Proxima settings';

/**
 * The connector-and-API settings page at `/account` (docs/account-page.md): sign in with an API
 * key, create (secret shown once), list and revoke keys, disconnect OAuth apps, and see credit
 * usage over the 30-day window. Server-rendered, no script, every POST CSRF-checked.
 */
export function accountRoutes(services: Services): Router {
  const secret = loadSecret(services.config.dataDir, 'account-csrf');
  const secure = services.config.baseUrl.startsWith('https://');
  const cookie = { httpOnly: true, sameSite: 'strict' as const, path: '/account', secure, overwrite: true };
  const router = new Router();
  // Behind a TLS-terminating proxy the connection is plain HTTP; BASE_URL says the page is served over HTTPS.
  if (secure)
    router.use((ctx, next) => {
      (ctx.cookies as unknown as { secure: boolean }).secure = true;
      return next();
    });
  const readForm = bodyParser({ enableTypes: ['form'], formLimit: '16kb' });

  const sessionOf = (ctx: Context): WebSession | null => {
    const id = ctx.cookies.get(SESSION_COOKIE);
    if (!id) return null;
    const session = services.webSessions.find(id, services.clock());
    // A session ends with the key it was opened with.
    const key = session ? services.apiKeys.get(session.signedInKeyId) : null;
    if (!session || !key || key.revokedAt !== null) return null;
    return session;
  };

  const showSignIn = (ctx: Context, status: number, error?: string) => {
    let nonce = ctx.cookies.get(PRE_COOKIE);
    if (!nonce || !/^[A-Za-z0-9_-]{43}$/.test(nonce)) {
      nonce = crypto.randomBytes(32).toString('base64url');
      ctx.cookies.set(PRE_COOKIE, nonce, cookie);
    }
    sendPage(ctx, status, TITLE, signInView(csrfToken(secret, `pre:${nonce}`), error));
  };

  const showDashboard = (ctx: Context, session: WebSession, extra: Partial<DashboardModel> = {}, status = 200) => {
    const now = services.clock();
    const user = services.users.get(session.userId)!;
    const status_ = services.credits.status(user.userId, user.tier, now);
    const usage = services.credits.usage.breakdown({ ownerUserId: user.userId }, now - WINDOW_DAYS * 86_400_000, now + 1);
    const toCredits = (micro: number | null) => (micro === null ? null : Math.round(micro / 10_000) / 100);
    sendPage(
      ctx,
      status,
      TITLE,
      dashboardView({
        user,
        csrf: csrfToken(secret, session.id),
        heldScopes: heldScopes(session),
        keys: services.apiKeys.listForUser(user.userId),
        clients: listAuthorizedClients(services, user.userId),
        chart: usageChart(windowDays(usage.byDay, now, WINDOW_DAYS)),
        usage: {
          used: toCredits(status_.usedMicro) ?? 0,
          remaining: toCredits(status_.remainingMicro),
          limit: toCredits(status_.limitMicro),
          resetAt: status_.resetAt === null ? null : new Date(status_.resetAt).toISOString(),
          windowDays: WINDOW_DAYS,
        },
        ...extra,
      }),
    );
  };

  /** The scopes of the key the session signed in with (a session ends with its key). */
  const heldScopes = (session: WebSession): readonly string[] => services.apiKeys.get(session.signedInKeyId)?.scopes ?? [];

  /** Every POST of a signed-in page: the session and its CSRF token, or a refusal page. */
  const guarded = (handler: (ctx: Context, session: WebSession, form: Record<string, unknown>) => void) => async (ctx: Context) => {
    const session = sessionOf(ctx);
    if (!session) return showSignIn(ctx, 401, 'Your session ended; sign in again.');
    const form = (ctx.request.body ?? {}) as Record<string, unknown>;
    if (!csrfTokenMatches(secret, session.id, form.csrf)) {
      return sendPage(
        ctx,
        403,
        TITLE,
        html`<main><h1>Request refused</h1><p>The form was not sent from this page. <a href="/account">Back to the settings</a>.</p></main>`,
      );
    }
    handler(ctx, session, form);
  };

  router.get('/account', (ctx) => {
    const session = sessionOf(ctx);
    if (session) showDashboard(ctx, session);
    else showSignIn(ctx, 200);
  });

  router.post('/account/sign-in', readForm, (ctx) => {
    const form = (ctx.request.body ?? {}) as Record<string, unknown>;
    const nonce = ctx.cookies.get(PRE_COOKIE) ?? '';
    if (!nonce || !csrfTokenMatches(secret, `pre:${nonce}`, form.csrf)) return showSignIn(ctx, 403, 'The sign-in form expired; try again.');
    try {
      const actor = authenticateApiKey(services, typeof form.api_key === 'string' ? form.api_key : undefined, services.clock());
      const session = services.webSessions.create(actor.ownerUserId, actor.keyId!, services.clock());
      ctx.cookies.set(SESSION_COOKIE, session.id, cookie);
      ctx.cookies.set(PRE_COOKIE, null, cookie);
      ctx.status = 303;
      ctx.redirect('/account');
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'unauthorized') throw err;
      showSignIn(ctx, 401, `Sign-in failed: ${err.message}`);
    }
  });

  router.post(
    '/account/sign-out',
    readForm,
    guarded((ctx, session) => {
      services.webSessions.end(session.id);
      ctx.cookies.set(SESSION_COOKIE, null, cookie);
      ctx.status = 303;
      ctx.redirect('/account');
    }),
  );

  router.post(
    '/account/keys',
    readForm,
    guarded((ctx, session, form) => {
      const requested = ([] as unknown[]).concat(form.scopes ?? []).map(String);
      const scopes = requested.filter(isScope) as Scope[];
      const name = typeof form.name === 'string' && form.name.trim() ? form.name.trim().slice(0, 100) : 'default';
      if (scopes.length === 0 || scopes.length !== requested.length)
        return showDashboard(ctx, session, { error: 'Choose at least one scope from the list.' }, 400);
      // No escalation: a session opened with a narrow key makes keys no wider than it.
      const notHeld = scopes.filter((s) => !heldScopes(session).includes(s));
      if (notHeld.length)
        return showDashboard(
          ctx,
          session,
          { error: `The key you signed in with lacks ${notHeld.join(', ')}; sign in with a key that holds them.` },
          403,
        );
      const { apiKey } = createApiKey(services, { userId: session.userId, scopes, name });
      showDashboard(ctx, session, { created: { name, secret: apiKey } });
    }),
  );

  router.post(
    '/account/keys/:keyId/revoke',
    readForm,
    guarded((ctx, session) => {
      const key = services.apiKeys.get(ctx.params.keyId as string);
      if (!key || key.userId !== session.userId) return showDashboard(ctx, session, { error: 'No such key on this account.' }, 404);
      const wider = key.scopes.filter((s) => !heldScopes(session).includes(s));
      if (key.keyId !== session.signedInKeyId && wider.length)
        return showDashboard(
          ctx,
          session,
          {
            error: `That key holds ${wider.join(', ')}, which the key you signed in with lacks; sign in with a key that holds them to revoke it.`,
          },
          403,
        );
      try {
        revokeApiKey(services, key.keyId);
      } catch (err) {
        if (!(err instanceof CommandError)) throw err;
        return showDashboard(ctx, session, { error: err.message }, 409);
      }
      if (key.keyId === session.signedInKeyId) services.webSessions.end(session.id);
      ctx.status = 303;
      ctx.redirect('/account');
    }),
  );

  router.post(
    '/account/clients/:clientId/revoke',
    readForm,
    guarded((ctx, session) => {
      if (!revokeAuthorizedClient(services, session.userId, ctx.params.clientId as string))
        return showDashboard(ctx, session, { error: 'That app holds no grant of this account.' }, 404);
      ctx.status = 303;
      ctx.redirect('/account');
    }),
  );

  return router;
}
