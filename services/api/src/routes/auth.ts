/**
 * The embedded wallet's email login (issue 11; spec §4 "connect email, then device verification or
 * one-time code, then connect", §5 email rules and the 30 s throttle, §8 'Session Expired'). The
 * secure site calls these with its per-browser `deviceId`; a person approves a new device by the
 * link in the mail; the session is a JWT signed with the API's session key (see src/auth/token.ts).
 *
 *   POST /v1/auth/email { email, deviceId }              → { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' } (mails the link or a code)
 *   GET  /v1/auth/device/approve?token                   → HTML: approve this device? (a form)
 *   POST /v1/auth/device/approve (form: token)           → HTML: 'Device approved — return to the app'
 *   POST /v1/auth/device { email, deviceId }             → { action } (once approved: mails a code)
 *   POST /v1/auth/otp { email, deviceId, otp, deviceKey } → { token, user: { id, email, username, authProvider }, expiresAt }
 *        (the session is bound to deviceKey, the browser's public P-256 JWK: src/auth/device-key.ts)
 *   GET  /v1/auth/session (Bearer)                       → { user, expiresAt } | 401 'Session Expired'
 *   POST /v1/auth/sign-out (Bearer)                      → { revokedAt }
 *   POST /v1/auth/email/update { newEmail } (Bearer)     → { action: 'VERIFY_PRIMARY_OTP' } (code to the current email)
 *   POST /v1/auth/email/update/primary { otp } (Bearer)  → { action: 'VERIFY_SECONDARY_OTP' } (code to the new email)
 *   POST /v1/auth/email/update/secondary { otp } (Bearer) → { user }
 *   POST /v1/auth/social/{start,finish}                   → social login (src/routes/social.ts; the limits here apply)
 *   POST /v1/auth/farcaster/{start,result}               → Sign In With Farcaster (src/routes/farcaster.ts; the limits here apply)
 *   POST /v1/auth/export/{code,verify}                   → a fresh code to export the wallet's key (src/routes/key-export.ts)
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { clientIp, type AppEnv } from '../app';
import { NO_SIGNING_KEY, type AuthRuntime } from '../auth/config';
import { codeMail, deviceMail, type OutgoingMail } from '../auth/mail';
import { approvedPage, approvePage, APPROVAL_PAGE_HEADERS, unusableLinkPage } from '../auth/page';
import {
  approveDevice,
  changeEmail,
  checkCode,
  claimThrottle,
  createDeviceToken,
  createLoginSession,
  deleteCode,
  deleteDeviceToken,
  deviceVerified,
  emailTaken,
  issueCode,
  liveCodeExists,
  liveDeviceToken,
  publicUser,
  releaseThrottle,
  revokeSession,
  type AuthSession,
  type CodeScope,
} from '../auth/store';
import { bearerSession, requireKey } from '../auth/bearer';
import { deviceKeySchema, deviceKeyThumbprint } from '../auth/device-key';
import { embeddedSessionReply } from '../auth/token';
import { HttpError } from '../http/errors';
import { RateLimitError } from '../http/rate-limit';
import type { RequestProject } from '../http/project';
import { endpoint } from '../http/validate';
import { farcasterRoutes } from './farcaster';
import { keyExportRoutes } from './key-export';
import { socialRoutes } from './social';
import type { SigningKey } from '../sessions/keys';

/** Largest body an auth route reads (bytes): a few short fields. */
export const MAX_AUTH_BODY_BYTES = 4096;
/** Spec §8: the alert for an invalid, expired or revoked embedded session. */
export const EMAIL_TAKEN = 'Email is already in use';
export const MAIL_FAILED = 'Mail server unavailable: the mail could not be sent, try again later';

/** A social account's address is the provider's: only email logins change theirs here. */
export const EMAIL_UPDATE_EMAIL_ONLY = 'Only an account that signs in by email can change its email';

export const throttleMessage = (seconds: number) => `Please try again after ${seconds} seconds`;

const text = () => z.string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be a string') });
// Stored lower case: one account per address whatever the case it is typed in.
const email = text()
  .trim()
  .max(254, 'must be at most 254 characters')
  .toLowerCase()
  .pipe(z.email({ error: 'must be a valid email address' }));
const deviceId = text().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16 to 64 letters, digits, - or _');
const otp = text().regex(/^\d{6}$/, 'must be 6 digits');
const deviceToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

const loginBody = z.object({ email, deviceId });
const otpBody = z.object({ email, deviceId, otp, deviceKey: deviceKeySchema });

type Ready = { auth: AuthRuntime; key: SigningKey; secret: Buffer; mailer: NonNullable<AuthRuntime['mailer']> };

/** Email login needs a mail server and the signing key: without them every route answers 503 with the reason. */
function ready(c: Context<AppEnv>): Ready {
  const { auth, sessions } = c.var.ctx;
  if (auth.unavailable || !auth.mailer || !auth.codeSecret || !sessions.key) throw new HttpError(503, auth.unavailable ?? NO_SIGNING_KEY);
  return { auth, key: sessions.key, secret: auth.codeSecret, mailer: auth.mailer };
}

/**
 * Sends one mail to `to`, asked for by the browser `deviceId` from the request's client IP: the throttle of that
 * address and IP (when the person asked for it; continuations of a flow are not throttled), the hourly mail caps
 * (src/auth/config.ts; a browser approved for `to` passes the address's ceiling), then `prepare` (which stores the
 * code or link) and SMTP. A mail that fails undoes what `prepare` stored and frees the throttle: 503, nothing counts.
 */
async function deliver(
  c: Context<AppEnv>,
  { mailer, auth }: Ready,
  input: { to: string; deviceId: string; throttle: boolean },
  prepare: () => Promise<{ mail: OutgoingMail; undo: () => Promise<void> }>,
): Promise<void> {
  const { db, log, metrics } = c.var.ctx;
  const ip = clientIp(c);
  if (input.throttle) {
    const waitS = await claimThrottle(db, input.to, ip, auth.throttleS);
    if (waitS !== undefined) throw new RateLimitError('auth-mail-throttle', throttleMessage(waitS), waitS);
  }
  const free = () => (input.throttle ? releaseThrottle(db, input.to, ip) : Promise.resolve());
  try {
    await auth.consumeMail({ email: input.to, ip, approvedDevice: await deviceVerified(db, input.to, input.deviceId) });
  } catch (err) {
    await free();
    throw err;
  }
  const { mail, undo } = await prepare();
  try {
    await mailer.send(mail);
  } catch (err) {
    metrics.onMail('failed');
    await undo();
    await free();
    log.warn('auth mail not sent', { requestId: c.var.requestId, error: String((err as Error)?.message ?? err) });
    throw new HttpError(503, MAIL_FAILED);
  }
  metrics.onMail('sent');
}

/** Stores a new code for `scope` and mails it to `to` (asked for by the browser `deviceId`). */
function sendCode(c: Context<AppEnv>, r: Ready, input: { scope: CodeScope; to: string; deviceId: string; newEmail?: string; throttle: boolean }) {
  return deliver(c, r, { to: input.to, deviceId: input.deviceId, throttle: input.throttle }, async () => {
    const { id, code } = await issueCode(c.var.ctx.db, { scope: input.scope, email: input.to, newEmail: input.newEmail, ttlS: r.auth.codeTtlS, secret: r.secret });
    return {
      mail: codeMail({ to: input.to, code, purpose: input.scope.purpose, projectId: input.scope.projectId, ttlS: r.auth.codeTtlS }),
      undo: () => deleteCode(c.var.ctx.db, id),
    };
  });
}

/** The Bearer session of an email-login account (the email change routes). */
async function emailAccountSession(c: Context<AppEnv>, key: SigningKey, project: RequestProject): Promise<AuthSession & { user: { email: string } }> {
  const session = await bearerSession(c, key, project);
  if (session.user.authProvider !== 'email' || session.user.email === null) throw new HttpError(400, EMAIL_UPDATE_EMAIL_ONLY);
  return session as AuthSession & { user: { email: string } };
}

const loginScope = (project: RequestProject, body: { email: string; deviceId: string }): CodeScope => ({
  purpose: 'login',
  email: body.email,
  deviceId: body.deviceId,
  projectId: project.projectId,
});

export function authRoutes() {
  const app = new Hono<AppEnv>();

  app.use('/v1/auth/*', async (c, next) => {
    await c.var.ctx.auth.consumeIp(clientIp(c));
    await next();
  });
  app.use(
    '/v1/auth/*',
    bodyLimit({ maxSize: MAX_AUTH_BODY_BYTES, onError: (c) => c.json({ error: `body: must be at most ${MAX_AUTH_BODY_BYTES} bytes` }, 413) }),
  );

  app.route('/v1/auth/social', socialRoutes());
  app.route('/v1/auth/farcaster', farcasterRoutes());
  app.route('/v1/auth/export', keyExportRoutes({ ready, sendCode }));

  app.post('/v1/auth/email', endpoint({ body: loginBody }, async (c, { project, body }) => {
    const r = ready(c);
    const { db, publicUrl } = c.var.ctx;
    if (await deviceVerified(db, body.email, body.deviceId)) {
      await sendCode(c, r, { scope: loginScope(project, body), to: body.email, deviceId: body.deviceId, throttle: true });
      return c.json({ action: 'VERIFY_OTP' });
    }
    await deliver(c, r, { to: body.email, deviceId: body.deviceId, throttle: true }, async () => {
      const token = await createDeviceToken(db, { email: body.email, deviceId: body.deviceId, projectId: project.projectId, ttlS: r.auth.deviceTokenTtlS });
      const link = `${publicUrl}/v1/auth/device/approve?token=${token}`;
      return {
        mail: deviceMail({ to: body.email, link, projectId: project.projectId, ttlS: r.auth.deviceTokenTtlS }),
        undo: () => deleteDeviceToken(db, token),
      };
    });
    return c.json({ action: 'VERIFY_DEVICE' });
  }));

  // The mailed link: opened by a person in any browser, outside any project.
  app.get('/v1/auth/device/approve', async (c) => {
    const token = deviceToken.safeParse(c.req.query('token'));
    const link = token.success ? await liveDeviceToken(c.var.ctx.db, token.data) : undefined;
    if (!token.success || !link) return c.html(unusableLinkPage(), 400, APPROVAL_PAGE_HEADERS);
    return c.html(approvePage({ token: token.data, email: link.email, projectId: link.project_id }), 200, APPROVAL_PAGE_HEADERS);
  });

  app.post('/v1/auth/device/approve', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = deviceToken.safeParse(form.token);
    const approved = token.success ? await approveDevice(c.var.ctx.db, token.data) : undefined;
    if (!approved) return c.html(unusableLinkPage(), 400, APPROVAL_PAGE_HEADERS);
    return c.html(approvedPage(), 200, APPROVAL_PAGE_HEADERS);
  });

  // The waiting secure site asks whether the device was approved; the first ask after approval mails the code.
  app.post('/v1/auth/device', endpoint({ body: loginBody }, async (c, { project, body }) => {
    const r = ready(c);
    const { db } = c.var.ctx;
    if (!(await deviceVerified(db, body.email, body.deviceId))) return c.json({ action: 'VERIFY_DEVICE' });
    const scope = loginScope(project, body);
    if (!(await liveCodeExists(db, scope, r.auth.maxCodeAttempts))) await sendCode(c, r, { scope, to: body.email, deviceId: body.deviceId, throttle: false });
    return c.json({ action: 'VERIFY_OTP' });
  }));

  app.post('/v1/auth/otp', endpoint({ body: otpBody }, async (c, { project, body }) => {
    const r = ready(c);
    const { db, publicUrl } = c.var.ctx;
    const checked = await checkCode(db, { scope: loginScope(project, body), otp: body.otp, secret: r.secret, maxAttempts: r.auth.maxCodeAttempts });
    if (!checked.ok) throw new HttpError(401, checked.error);
    const session = await createLoginSession(db, {
      email: body.email,
      projectId: project.projectId,
      deviceId: body.deviceId,
      deviceKeyJkt: await deviceKeyThumbprint(body.deviceKey),
      ttlS: r.auth.sessionTtlS,
    });
    return c.json(await embeddedSessionReply(r.key, session, publicUrl));
  }));

  app.get('/v1/auth/session', endpoint({}, async (c, { project }) => {
    const session = await bearerSession(c, requireKey(c), project);
    return c.json({ user: publicUser(session.user), expiresAt: session.expiresAt });
  }));

  app.post('/v1/auth/sign-out', endpoint({}, async (c, { project }) => {
    const session = await bearerSession(c, requireKey(c), project);
    return c.json({ revokedAt: await revokeSession(c.var.ctx.db, session.id) });
  }));

  app.post('/v1/auth/email/update', endpoint({ body: z.object({ newEmail: email }) }, async (c, { project, body }) => {
    const r = ready(c);
    const session = await emailAccountSession(c, r.key, project);
    if (body.newEmail === session.user.email) throw new HttpError(400, 'newEmail: is already the account\'s email');
    if (await emailTaken(c.var.ctx.db, body.newEmail, session.user.id)) return c.json({ error: EMAIL_TAKEN }, 409);
    const scope: CodeScope = { purpose: 'update-primary', userId: session.user.id, projectId: project.projectId };
    await sendCode(c, r, { scope, to: session.user.email, deviceId: session.deviceId, newEmail: body.newEmail, throttle: true });
    return c.json({ action: 'VERIFY_PRIMARY_OTP' });
  }));

  app.post('/v1/auth/email/update/primary', endpoint({ body: z.object({ otp }) }, async (c, { project, body }) => {
    const r = ready(c);
    const session = await emailAccountSession(c, r.key, project);
    const { db } = c.var.ctx;
    const checked = await checkCode(db, {
      scope: { purpose: 'update-primary', userId: session.user.id, projectId: project.projectId },
      otp: body.otp,
      secret: r.secret,
      maxAttempts: r.auth.maxCodeAttempts,
    });
    if (!checked.ok) throw new HttpError(401, checked.error);
    const newEmail = checked.newEmail!;
    if (await emailTaken(db, newEmail, session.user.id)) return c.json({ error: EMAIL_TAKEN }, 409);
    const scope: CodeScope = { purpose: 'update-secondary', userId: session.user.id, projectId: project.projectId };
    await sendCode(c, r, { scope, to: newEmail, deviceId: session.deviceId, newEmail, throttle: false });
    return c.json({ action: 'VERIFY_SECONDARY_OTP' });
  }));

  app.post('/v1/auth/email/update/secondary', endpoint({ body: z.object({ otp }) }, async (c, { project, body }) => {
    const r = ready(c);
    const session = await emailAccountSession(c, r.key, project);
    const checked = await checkCode(c.var.ctx.db, {
      scope: { purpose: 'update-secondary', userId: session.user.id, projectId: project.projectId },
      otp: body.otp,
      secret: r.secret,
      maxAttempts: r.auth.maxCodeAttempts,
    });
    if (!checked.ok) throw new HttpError(401, checked.error);
    const newEmail = checked.newEmail!;
    if (!(await changeEmail(c.var.ctx.db, { userId: session.user.id, newEmail, deviceId: session.deviceId }))) return c.json({ error: EMAIL_TAKEN }, 409);
    return c.json({ user: publicUser({ ...session.user, email: newEmail }) });
  }));

  return app;
}
