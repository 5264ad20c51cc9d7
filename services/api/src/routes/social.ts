/**
 * The embedded wallet's social login (issue 12; spec §5 social providers, §7 social frame events): the
 * authorization code flow with PKCE (S256), state, and a nonce for OpenID Connect, against the providers the
 * operator configured. Mounted inside the auth routes (their per-IP limit and 4096-byte bodies apply).
 *
 *   POST /v1/auth/social/start  { provider, projectId, deviceId, deviceKey, codeChallenge } → { url, state }
 *   POST /v1/auth/social/finish { projectId, state, code, iss? | error, codeVerifier, deviceId, deviceKey }
 *                                                                   → { token, user, expiresAt }
 *
 * Both are the secure site's frame's (issue 28: sign-in bound to the browser that started it). The frame keeps
 * the PKCE verifier; the provider sends the person to the secure site's callback page, which hands the code only
 * to the secure site's frames in the page that opened it (src/callback in services/secure-site), and the frame
 * that holds this state's verifier finishes here. A victim who completes an attacker's link finishes nothing:
 * the code never reaches the attacker's frame, and no one else can exchange it. The session is bound to the
 * device key that started the sign-in.
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
  verifierMatches,
} from '../auth/social-client';
import { claimSocialState, createSocialState, providerSignIn } from '../auth/social-store';
import { findSession } from '../auth/store';
import { embeddedSessionReply } from '../auth/token';
import { HttpError } from '../http/errors';
import { endpoint } from '../http/validate';

const text = () => z.string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be a string') });
const deviceId = text().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16 to 64 letters, digits, - or _');
/** 32 random bytes, base64url: what start hands out. */
const state = text().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the state start answered');
// Any name: one that is not configured (or not a spec provider) answers 'Unsupported social provider'.
const provider = text().max(64, SOCIAL_UNSUPPORTED);

/** RFC 7636: a verifier is 43 to 128 unreserved characters; the frame makes 43 (32 random bytes). Its S256 challenge is 43. */
const codeVerifier = text().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'must be a PKCE code verifier (43 to 128 unreserved characters)');
const codeChallenge = text().regex(/^[A-Za-z0-9_-]{43}$/, 'must be an S256 PKCE challenge (43 base64url characters)');

const startBody = z.object({ provider, deviceId, deviceKey: deviceKeySchema, codeChallenge });
/** The provider's answer as the callback page handed it to the frame (RFC 6749 §4.1.2, RFC 9207 `iss`), with the frame's proof of starting it. */
const finishBody = z
  .object({
    state,
    code: text().regex(/^[\x21-\x7e]{1,2048}$/, 'must be 1 to 2048 visible ASCII characters').optional(),
    iss: z.url({ error: 'must be a URL' }).max(2048).optional(),
    error: text().regex(/^[\x20\x21\x23-\x5b\x5d-\x7e]{1,128}$/, 'must be an OAuth error code').optional(),
    codeVerifier,
    deviceId,
    deviceKey: deviceKeySchema,
  })
  .refine((b) => (b.code === undefined) !== (b.error === undefined), { message: 'exactly one of code and error is required', path: ['code'] });

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
    const stateValue = randomBytes(32).toString('base64url');
    const started = await authorizationUrl(client, config, { state: stateValue, redirectUri: redirectUri(c), codeChallenge: body.codeChallenge });
    await createSocialState(db, {
      state: stateValue,
      provider: name,
      codeChallenge: body.codeChallenge,
      nonce: started.nonce,
      projectId: project.projectId,
      deviceId: body.deviceId,
      deviceKeyJkt: await deviceKeyThumbprint(body.deviceKey),
      ttlS: social.stateTtlS,
    });
    return c.json({ url: started.url, state: stateValue });
  }));

  app.post('/finish', endpoint({ project: 'body', body: finishBody }, async (c, { project, body }) => {
    const { db, social, auth, log, publicUrl } = c.var.ctx;
    const key = requireKey(c);
    const deviceKeyJkt = await deviceKeyThumbprint(body.deviceKey);
    // Used up here whatever follows: one try per sign-in.
    const claimed = await claimSocialState(db, { state: body.state, projectId: project.projectId, deviceId: body.deviceId, deviceKeyJkt, ttlS: social.stateTtlS });
    if (!claimed || !(await verifierMatches(body.codeVerifier, claimed.codeChallenge))) throw new HttpError(400, SOCIAL_STATE_UNUSABLE);
    try {
      if (body.error !== undefined) throw new SocialSignInError(400, callbackErrorMessage(body.error));
      const { config, client } = await social.clients.configuration(claimed.provider);
      const identity = await exchangeCode(client, config, {
        redirectUri: redirectUri(c),
        code: body.code!,
        state: body.state,
        iss: body.iss,
        codeVerifier: body.codeVerifier,
        nonce: claimed.nonce,
      });
      const sessionId = await providerSignIn(db, {
        account: { provider: claimed.provider, subject: identity.subject, username: identity.username, email: identity.email },
        projectId: project.projectId,
        deviceId: body.deviceId,
        deviceKeyJkt,
        sessionTtlS: auth.sessionTtlS,
      });
      const session = (await findSession(db, sessionId))!;
      return c.json(await embeddedSessionReply(key, session, publicUrl));
    } catch (err) {
      if (err instanceof SocialSignInError) log.info('social sign-in failed', { requestId: c.var.requestId, provider: claimed.provider, error: err.message, detail: err.detail });
      throw err;
    }
  }));

  return app;
}
