/** The embedded session a request's `Authorization: Bearer <JWT>` names (auth and embedded-wallet routes). */
import type { Context } from 'hono';
import type { AppEnv } from '../app';
import { HttpError } from '../http/errors';
import type { RequestProject } from '../http/project';
import type { SigningKey } from '../sessions/keys';
import { NO_SIGNING_KEY } from './config';
import { findSession, type AuthSession } from './store';
import { embeddedSessionId } from './token';

/** Spec §8: the alert for an invalid or expired session. */
export const SESSION_EXPIRED = 'Session Expired';
export const BEARER_REQUIRED = 'authorization: a Bearer token is required';

/** The live session the request's Bearer token names, for this project; 401 'Session Expired' otherwise. */
export async function bearerSession(c: Context<AppEnv>, key: SigningKey, project: RequestProject): Promise<AuthSession> {
  const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) throw new HttpError(401, BEARER_REQUIRED);
  const sessionId = await embeddedSessionId(key, token).catch(() => undefined);
  const session = sessionId ? await findSession(c.var.ctx.db, sessionId) : undefined;
  if (!session || session.revokedAt || new Date(session.expiresAt).getTime() <= Date.now() || session.projectId !== project.projectId) {
    throw new HttpError(401, SESSION_EXPIRED);
  }
  return session;
}

/** The session routes need only the key: existing sessions keep working while the mail server is away. */
export function requireKey(c: Context<AppEnv>): SigningKey {
  const key = c.var.ctx.sessions.key;
  if (!key) throw new HttpError(503, NO_SIGNING_KEY);
  return key;
}
