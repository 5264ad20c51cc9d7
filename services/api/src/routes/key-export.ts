/**
 * Exporting the embedded wallet's private key (issue 28): the secure site's own screen asks for a fresh code by mail,
 * and its server checks that code here before it opens the key for that request. Mounted inside the auth routes
 * (their per-IP limit and 4096-byte bodies apply); the code is an ordinary one-time code (src/auth/store.ts: hashed
 * at rest, the codes' lifetime and tries, the newest one only, one use) scoped to the user, the session's browser and
 * the project, mailed like the email login's (the 30 s throttle per address, the hourly cap per address).
 *
 *   POST /v1/auth/export/code (Bearer embedded session)                    → { email } (a code mailed to that address)
 *   POST /v1/auth/export/verify { code } (Bearer; server to server only)   → { ok: true } (the code is used up)
 *        a refused code → 403 with the code's error; a request with an Origin (any browser) → 403
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { bearerSession } from '../auth/bearer';
import type { AuthRuntime } from '../auth/config';
import { checkCode, type AuthSession, type CodeScope } from '../auth/store';
import { HttpError } from '../http/errors';
import type { RequestProject } from '../http/project';
import { endpoint } from '../http/validate';
import type { SigningKey } from '../sessions/keys';

/** A social or Farcaster account whose provider gave no address has nowhere to receive the code. */
export const EXPORT_NEEDS_EMAIL = 'Add an email to this account to export its key';
/** Only the secure site's server checks a code, right before it opens the key: no page may use one up. */
export const EXPORT_VERIFY_SERVER_ONLY = "origin: export codes are checked by the secure site's server only";

const code = z.string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be a string') }).regex(/^\d{6}$/, 'must be 6 digits');

/** What the email login's routes (./auth.ts) lend: their availability check and their code mail. */
export interface CodeMail<R extends { key: SigningKey; secret: Buffer; auth: Pick<AuthRuntime, 'maxCodeAttempts'> }> {
  ready(c: Context<AppEnv>): R;
  sendCode(c: Context<AppEnv>, ready: R, input: { scope: CodeScope; to: string; deviceId: string; throttle: boolean }): Promise<void>;
}

/** A code for this user, from the browser (device) of the session that asked, in this project. */
const exportScope = (session: AuthSession, project: RequestProject): CodeScope => ({
  purpose: 'export',
  userId: session.user.id,
  deviceId: session.deviceId,
  projectId: project.projectId,
});

export function keyExportRoutes<R extends { key: SigningKey; secret: Buffer; auth: Pick<AuthRuntime, 'maxCodeAttempts'> }>(mail: CodeMail<R>) {
  const app = new Hono<AppEnv>();

  app.post('/code', endpoint({}, async (c, { project }) => {
    const r = mail.ready(c);
    const session = await bearerSession(c, r.key, project);
    const to = session.user.email;
    if (to === null) throw new HttpError(400, EXPORT_NEEDS_EMAIL);
    // Throttled as a login is: the person asked for this mail.
    await mail.sendCode(c, r, { scope: exportScope(session, project), to, deviceId: session.deviceId, throttle: true });
    return c.json({ email: to });
  }));

  app.post('/verify', endpoint({ body: z.object({ code }) }, async (c, { project, body }) => {
    if (c.req.header('origin') !== undefined) throw new HttpError(403, EXPORT_VERIFY_SERVER_ONLY);
    const r = mail.ready(c);
    const session = await bearerSession(c, r.key, project);
    const checked = await checkCode(c.var.ctx.db, { scope: exportScope(session, project), otp: body.code, secret: r.secret, maxAttempts: r.auth.maxCodeAttempts });
    // 403, not the login's 401: the session is fine, the code does not allow the export.
    if (!checked.ok) throw new HttpError(403, checked.error);
    return c.json({ ok: true });
  }));

  return app;
}
