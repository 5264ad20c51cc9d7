/**
 * The embedded wallet's social login (issue 12; spec §5 social providers, §7 social frame events):
 * the authorization code flow with PKCE (S256), state, and a nonce for OpenID Connect, against the
 * providers the operator configured. Mounted inside the auth routes (their per-IP limit and 4096-byte
 * bodies apply).
 *
 *   POST /v1/auth/social/start  { provider, projectId, deviceId }   → { url, state }  (the frame: the popup's URL)
 *   POST /v1/auth/social/finish { state, code, iss? } | { state, error } → { ok: true } (the secure site's callback page)
 *   POST /v1/auth/social/result { state, deviceId, deviceKey }      → { token, user, expiresAt } (the frame, once;
 *                                                                      the session is bound to deviceKey, src/auth/device-key.ts)
 *
 * The callback page never gets a session: it only reports the provider's answer, whose outcome (the
 * user, or the error) waits on the state until the frame that started the sign-in takes it.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { clientIp, type AppEnv } from '../app';
import { requireKey } from '../auth/bearer';
import { deviceKeySchema, deviceKeyThumbprint } from '../auth/device-key';
import {
  authorizationUrl,
  callbackErrorMessage,
  exchangeCode,
  SocialSignInError,
  SOCIAL_STATE_UNUSABLE,
  SOCIAL_UNSUPPORTED,
  SOCIAL_WINDOW_CLOSED,
} from '../auth/social-client';
import { claimSocialFinish, createSocialState, finishableProject, storeSocialError, storeSocialSuccess, takeSocialResult } from '../auth/social-store';
import { findSession, insertSession } from '../auth/store';
import { embeddedSessionReply } from '../auth/token';
import { HttpError } from '../http/errors';
import { resolveProject } from '../http/project';
import { endpoint } from '../http/validate';

const text = () => z.string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be a string') });
const deviceId = text().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16 to 64 letters, digits, - or _');
/** 32 random bytes, base64url: what start hands out. */
const state = text().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the state start answered');
// Any name: one that is not configured (or not a spec provider) answers 'Unsupported social provider'.
const provider = text().max(64, SOCIAL_UNSUPPORTED);

const startBody = z.object({ provider, deviceId });
/** What the provider put on the callback URL, as the secure site's page forwards it (RFC 6749 §4.1.2, RFC 9207 `iss`). */
const finishBody = z
  .object({
    state,
    code: text().regex(/^[\x21-\x7e]{1,2048}$/, 'must be 1 to 2048 visible ASCII characters').optional(),
    iss: z.url({ error: 'must be a URL' }).max(2048).optional(),
    error: text().regex(/^[\x20\x21\x23-\x5b\x5d-\x7e]{1,128}$/, 'must be an OAuth error code').optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.error === undefined), { message: 'exactly one of code and error is required', path: ['code'] });
const resultBody = z.object({ state, deviceId, deviceKey: deviceKeySchema });

/** The callback the providers send the person back to: the secure site's page. */
function redirectUri(c: Context<AppEnv>): string {
  const uri = c.var.ctx.social.redirectUri;
  if (!uri) throw new HttpError(400, SOCIAL_UNSUPPORTED);
  return uri;
}

export function socialRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/start', endpoint({ project: 'body', body: startBody }, async (c, { project, body }) => {
    const { db, social } = c.var.ctx;
    // The session at the end needs the key: without it no one is sent to a provider for nothing.
    requireKey(c);
    await social.consumeStart(clientIp(c));
    const { provider: name, config, client } = await social.clients.configuration(body.provider);
    const callback = redirectUri(c);
    const stateValue = randomBytes(32).toString('base64url');
    const started = await authorizationUrl(client, config, { state: stateValue, redirectUri: callback });
    await createSocialState(db, {
      state: stateValue,
      provider: name,
      codeVerifier: started.codeVerifier,
      nonce: started.nonce,
      projectId: project.projectId,
      deviceId: body.deviceId,
      ttlS: social.stateTtlS,
    });
    return c.json({ url: started.url, state: stateValue });
  }));

  // The callback page has no project of its own: the state names it (and its allowed origins).
  app.post('/finish', endpoint({ project: 'none', body: finishBody }, async (c, { body }) => {
    const { db, social, log } = c.var.ctx;
    const projectId = await finishableProject(db, body.state, social.stateTtlS);
    if (!projectId) throw new HttpError(400, SOCIAL_STATE_UNUSABLE);
    await resolveProject(c, projectId);
    const claimed = await claimSocialFinish(db, body.state, social.stateTtlS);
    if (!claimed) throw new HttpError(400, SOCIAL_STATE_UNUSABLE);
    try {
      if (body.error !== undefined) throw new SocialSignInError(400, callbackErrorMessage(body.error));
      const { config, client } = await social.clients.configuration(claimed.provider);
      const identity = await exchangeCode(client, config, {
        redirectUri: redirectUri(c),
        code: body.code!,
        state: body.state,
        iss: body.iss,
        codeVerifier: claimed.codeVerifier,
        nonce: claimed.nonce,
      });
      if (!(await storeSocialSuccess(db, { state: body.state, provider: claimed.provider, identity }))) throw new HttpError(400, SOCIAL_STATE_UNUSABLE);
      return c.json({ ok: true });
    } catch (err) {
      if (!(err instanceof SocialSignInError)) throw err;
      log.info('social sign-in failed', { requestId: c.var.requestId, provider: claimed.provider, error: err.message, detail: err.detail });
      await storeSocialError(db, body.state, err.message);
      throw err;
    }
  }));

  app.post('/result', endpoint({ project: 'body', body: resultBody }, async (c, { project, body }) => {
    const { db, social, auth, publicUrl } = c.var.ctx;
    const key = requireKey(c);
    const result = await takeSocialResult(db, { state: body.state, deviceId: body.deviceId, projectId: project.projectId, ttlS: social.stateTtlS });
    if (result.kind === 'unusable') throw new HttpError(400, SOCIAL_STATE_UNUSABLE);
    if (result.kind === 'no-outcome') throw new HttpError(400, SOCIAL_WINDOW_CLOSED);
    if (result.kind === 'failed') throw new HttpError(400, result.error);
    const sessionId = await insertSession(db, {
      userId: result.userId,
      projectId: project.projectId,
      deviceId: body.deviceId,
      deviceKeyJkt: await deviceKeyThumbprint(body.deviceKey),
      ttlS: auth.sessionTtlS,
    });
    const session = (await findSession(db, sessionId))!;
    return c.json(await embeddedSessionReply(key, session, publicUrl ?? new URL(c.req.url).origin));
  }));

  return app;
}
