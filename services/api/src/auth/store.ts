/**
 * Email login on the database (migration 009), the same SQL on PGlite and PostgreSQL: the per-email
 * throttle, device approvals, one-time codes (hashed, counted, burned), users and sessions.
 * Every claim (throttle, link, code) is one conditional statement, so racing requests cannot use
 * one thing twice.
 */
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../db/client';
import type { CodePurpose } from './mail';

export const INVALID_CODE = 'Invalid code';
export const CODE_EXPIRED = 'Code expired: request a new one';
export const CODE_BURNED = 'Too many wrong codes: request a new one';
export const NO_CODE = 'No code to check: request a new one';

const iso = (d: Date | string) => new Date(d).toISOString();
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Claims the throttle slot of the email for the requesting client IP (migration 017: another IP's requests never
 * hold this one back): `undefined` when this request may send, else the whole seconds until it may (spec §5:
 * 'Please try again after N seconds', N rounded up).
 */
export async function claimThrottle(db: Db, email: string, clientIp: string, throttleS: number): Promise<number | undefined> {
  const claimed = await db.query(
    `INSERT INTO auth_email_throttle (email, client_ip, last_sent_at) VALUES ($1, $2, now())
     ON CONFLICT (email, client_ip) DO UPDATE SET last_sent_at = now()
     WHERE auth_email_throttle.last_sent_at <= now() - $3::int * interval '1 second'
     RETURNING email`,
    [email, clientIp, throttleS],
  );
  if (claimed.rows.length > 0) return undefined;
  const { rows } = await db.query<{ wait_ms: number | string }>(
    `SELECT extract(epoch FROM (last_sent_at + $3::int * interval '1 second' - clock_timestamp())) * 1000 AS wait_ms
     FROM auth_email_throttle WHERE email = $1 AND client_ip = $2`,
    [email, clientIp, throttleS],
  );
  return Math.max(1, Math.ceil(Number(rows[0]?.wait_ms ?? throttleS * 1000) / 1000));
}

/** A mail that could not be sent does not count against the throttle. */
export async function releaseThrottle(db: Db, email: string, clientIp: string): Promise<void> {
  await db.query('DELETE FROM auth_email_throttle WHERE email = $1 AND client_ip = $2', [email, clientIp]);
}

export async function deviceVerified(db: Db, email: string, deviceId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM auth_devices WHERE email = $1 AND device_id = $2', [email, deviceId]);
  return rows.length > 0;
}

/** A new approval link token (256 random bits, base64url); only its sha256 is stored. Sweeps expired ones. */
export async function createDeviceToken(db: Db, input: { email: string; deviceId: string; projectId: string; ttlS: number }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query('DELETE FROM auth_device_tokens WHERE expires_at < now()');
  await db.query(
    `INSERT INTO auth_device_tokens (token_hash, email, device_id, project_id, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5::int * interval '1 second')`,
    [sha256(token), input.email, input.deviceId, input.projectId, input.ttlS],
  );
  return token;
}

export async function deleteDeviceToken(db: Db, token: string): Promise<void> {
  await db.query('DELETE FROM auth_device_tokens WHERE token_hash = $1', [sha256(token)]);
}

/** The link's email and project while it is usable (unused, unexpired). */
export async function liveDeviceToken(db: Db, token: string): Promise<{ email: string; project_id: string } | undefined> {
  const { rows } = await db.query<{ email: string; project_id: string }>(
    'SELECT email, project_id FROM auth_device_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [sha256(token)],
  );
  return rows[0];
}

/** Uses the link once and marks its device verified for its email; `undefined` when it was not usable. */
export async function approveDevice(db: Db, token: string): Promise<{ email: string } | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string; device_id: string }>(
      `UPDATE auth_device_tokens SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING email, device_id`,
      [sha256(token)],
    );
    const row = rows[0];
    if (!row) return undefined;
    await tx.query('INSERT INTO auth_devices (email, device_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [row.email, row.device_id]);
    return { email: row.email };
  });
}

/** Which code a check is about: a login on one device, a user's email change, or a user's key export on one device. */
export type CodeScope =
  | { purpose: 'login'; email: string; deviceId: string; projectId: string }
  | { purpose: 'update-primary' | 'update-secondary'; userId: string; projectId: string }
  | { purpose: 'export'; userId: string; deviceId: string; projectId: string };

function scopeWhere(scope: CodeScope): { sql: string; params: string[] } {
  if (scope.purpose === 'login') {
    return { sql: 'purpose = $1 AND email = $2 AND device_id = $3 AND project_id = $4', params: [scope.purpose, scope.email, scope.deviceId, scope.projectId] };
  }
  if (scope.purpose === 'export') {
    return { sql: 'purpose = $1 AND user_id = $2 AND device_id = $3 AND project_id = $4', params: [scope.purpose, scope.userId, scope.deviceId, scope.projectId] };
  }
  return { sql: 'purpose = $1 AND user_id = $2 AND project_id = $3', params: [scope.purpose, scope.userId, scope.projectId] };
}

const codeHash = (secret: Buffer, id: string, code: string) => createHmac('sha256', secret).update(`${id}:${code}`).digest('hex');

/**
 * A new six-digit code for `scope`, sent to `email` (for an email change: the current address, then
 * `newEmail`). The newest code of a scope is the only one `checkCode` looks at.
 */
export async function issueCode(
  db: Db,
  input: { scope: CodeScope; email: string; newEmail?: string; ttlS: number; secret: Buffer },
): Promise<{ id: string; code: string }> {
  const { scope } = input;
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.query('DELETE FROM auth_codes WHERE expires_at < now() - interval \'1 day\'');
  await db.query(
    `INSERT INTO auth_codes (id, purpose, email, device_id, user_id, new_email, project_id, code_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + $9::int * interval '1 second')`,
    [
      id,
      scope.purpose,
      input.email,
      'deviceId' in scope ? scope.deviceId : null,
      'userId' in scope ? scope.userId : null,
      input.newEmail ?? null,
      scope.projectId,
      codeHash(input.secret, id, code),
      input.ttlS,
    ],
  );
  return { id, code };
}

export async function deleteCode(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM auth_codes WHERE id = $1', [id]);
}

/** Does `scope` have a code that can still be entered (unused, unexpired, tries left)? */
export async function liveCodeExists(db: Db, scope: CodeScope, maxAttempts: number): Promise<boolean> {
  const where = scopeWhere(scope);
  const { rows } = await db.query(
    `SELECT 1 FROM auth_codes WHERE ${where.sql} AND used_at IS NULL AND expires_at > now() AND attempts < $${where.params.length + 1}`,
    [...where.params, maxAttempts],
  );
  return rows.length > 0;
}

export type CodeCheck = { ok: true; email: string; newEmail: string | null } | { ok: false; error: string };

/**
 * Checks `otp` against the scope's newest code. The try is counted BEFORE the comparison, in the
 * UPDATE that also checks the code is usable, so parallel guesses get `maxAttempts` tries in all.
 */
export async function checkCode(db: Db, input: { scope: CodeScope; otp: string; secret: Buffer; maxAttempts: number }): Promise<CodeCheck> {
  const where = scopeWhere(input.scope);
  const { rows: newest } = await db.query<{ id: string; used_at: unknown; expired: boolean; attempts: number }>(
    `SELECT id, used_at, expires_at <= now() AS expired, attempts FROM auth_codes WHERE ${where.sql} ORDER BY created_at DESC, id LIMIT 1`,
    where.params,
  );
  const code = newest[0];
  if (!code) return { ok: false, error: NO_CODE };
  const { rows: counted } = await db.query<{ attempts: number; code_hash: string; email: string; new_email: string | null }>(
    `UPDATE auth_codes SET attempts = attempts + 1
     WHERE id = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $2 RETURNING attempts, code_hash, email, new_email`,
    [code.id, input.maxAttempts],
  );
  const tried = counted[0];
  if (!tried) {
    if (code.used_at) return { ok: false, error: NO_CODE };
    return { ok: false, error: code.expired ? CODE_EXPIRED : CODE_BURNED };
  }
  const expected = Buffer.from(tried.code_hash, 'hex');
  const given = Buffer.from(codeHash(input.secret, code.id, input.otp), 'hex');
  if (!timingSafeEqual(expected, given)) return { ok: false, error: tried.attempts >= input.maxAttempts ? CODE_BURNED : INVALID_CODE };
  const { rows: used } = await db.query('UPDATE auth_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id', [code.id]);
  if (used.length === 0) return { ok: false, error: NO_CODE };
  return { ok: true, email: tried.email, newEmail: tried.new_email };
}

export interface AuthUser {
  id: string;
  /** The email login's address; for a social user the provider's address when it gave one. */
  email: string | null;
  /** 'email' or the social provider the user signs in with (spec §3 authProvider). */
  authProvider: string;
  /** The provider's name for a social user (spec §3 userName); null for email users. */
  username: string | null;
  createdAt: string;
}

export interface AuthSession {
  id: string;
  user: AuthUser;
  projectId: string;
  deviceId: string;
  /** The RFC 7638 thumbprint of the device key the session is bound to (migration 014); null for older sessions. */
  deviceKeyJkt: string | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

/** The user as the routes answer it (`/otp`, `/session`, `/social/finish`, the email change). */
export const publicUser = (user: AuthUser) => ({ id: user.id, email: user.email, username: user.username, authProvider: user.authProvider });

type SessionRow = {
  id: string;
  project_id: string;
  device_id: string;
  device_key_jkt: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  user_id: string;
  email: string | null;
  auth_provider: string;
  username: string | null;
  user_created_at: Date | string;
};

const sessionFrom = (row: SessionRow): AuthSession => ({
  id: row.id,
  user: { id: row.user_id, email: row.email, authProvider: row.auth_provider, username: row.username, createdAt: iso(row.user_created_at) },
  projectId: row.project_id,
  deviceId: row.device_id,
  deviceKeyJkt: row.device_key_jkt,
  createdAt: iso(row.created_at),
  expiresAt: iso(row.expires_at),
  revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
});

/** What every sign-in names: the project, the browser's id and the thumbprint of its device key. */
export interface SessionDevice {
  projectId: string;
  deviceId: string;
  deviceKeyJkt: string;
}

/** Inserts a session of `userId` for this project and device (email and social logins alike); answers its id. */
export async function insertSession(db: Queryable, input: SessionDevice & { userId: string; ttlS: number }): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO auth_sessions (id, user_id, project_id, device_id, device_key_jkt, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + $6::int * interval '1 second')`,
    [id, input.userId, input.projectId, input.deviceId, input.deviceKeyJkt, input.ttlS],
  );
  return id;
}

/** The user of `email` (created on first login) and a new session for this project and device. */
export async function createLoginSession(db: Db, input: SessionDevice & { email: string; ttlS: number }): Promise<AuthSession> {
  const id = await db.transaction(async (tx) => {
    await tx.query('INSERT INTO auth_users (id, email) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING', [randomUUID(), input.email]);
    const { rows: users } = await tx.query<{ id: string }>('SELECT id FROM auth_users WHERE email = $1', [input.email]);
    return insertSession(tx, { userId: users[0]!.id, projectId: input.projectId, deviceId: input.deviceId, deviceKeyJkt: input.deviceKeyJkt, ttlS: input.ttlS });
  });
  return (await findSession(db, id))!;
}

export async function findSession(db: Db, id: string): Promise<AuthSession | undefined> {
  const { rows } = await db.query<SessionRow>(
    `SELECT s.id, s.project_id, s.device_id, s.device_key_jkt, s.created_at, s.expires_at, s.revoked_at,
       u.id AS user_id, COALESCE(u.email, i.email) AS email, u.auth_provider, u.username, u.created_at AS user_created_at
     FROM auth_sessions s JOIN auth_users u ON u.id = s.user_id LEFT JOIN auth_social_identities i ON i.user_id = u.id
     WHERE s.id = $1`,
    [id],
  );
  return rows[0] && sessionFrom(rows[0]);
}

/** Revokes the session (idempotent: the first revocation's time is kept). */
export async function revokeSession(db: Db, id: string): Promise<string> {
  const { rows } = await db.query<{ revoked_at: Date | string }>(
    'UPDATE auth_sessions SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 RETURNING revoked_at',
    [id],
  );
  return iso(rows[0]!.revoked_at);
}

export async function emailTaken(db: Db, email: string, exceptUserId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM auth_users WHERE email = $1 AND id <> $2', [email, exceptUserId]);
  return rows.length > 0;
}

/**
 * Moves the user to `newEmail` and approves the session's device for it (the person just proved
 * both addresses from it). `false` when another user holds the address (the unique index decides).
 */
export async function changeEmail(db: Db, input: { userId: string; newEmail: string; deviceId: string }): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await tx.query('UPDATE auth_users SET email = $2, updated_at = now() WHERE id = $1', [input.userId, input.newEmail]);
      await tx.query('INSERT INTO auth_devices (email, device_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [input.newEmail, input.deviceId]);
    });
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') return false;
    throw err;
  }
}
