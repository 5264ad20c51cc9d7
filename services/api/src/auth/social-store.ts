/**
 * Social sign-ins on the database (migration 011): the started sign-in (state, PKCE verifier, nonce,
 * project, device) used once by the callback and once by the frame, and the provider accounts'
 * users. Each use is one conditional UPDATE, so racing requests cannot use a state twice; a user is
 * created only in the transaction that stores a completed exchange's outcome.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/client';
import type { SocialIdentity } from './social-client';
import type { SocialProvider } from './social-config';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A state is usable while younger than the lifetime: the same condition in every statement. */
const LIVE = `created_at > now() - $2::int * interval '1 second'`;

export async function createSocialState(
  db: Db,
  input: { state: string; provider: SocialProvider; codeVerifier: string; nonce?: string; projectId: string; deviceId: string; ttlS: number },
): Promise<void> {
  // Sign-ins nobody finished or collected within their lifetime are swept here.
  await db.query(`DELETE FROM auth_social_states WHERE created_at <= now() - $1::int * interval '1 second'`, [input.ttlS]);
  await db.query(
    `INSERT INTO auth_social_states (state_hash, provider, code_verifier, nonce, project_id, device_id) VALUES ($1, $2, $3, $4, $5, $6)`,
    [sha256(input.state), input.provider, input.codeVerifier, input.nonce ?? null, input.projectId, input.deviceId],
  );
}

/** The project of a state the callback may still finish (unused, unexpired). */
export async function finishableProject(db: Db, state: string, ttlS: number): Promise<string | undefined> {
  const { rows } = await db.query<{ project_id: string }>(
    `SELECT project_id FROM auth_social_states WHERE state_hash = $1 AND ${LIVE} AND finished_at IS NULL AND consumed_at IS NULL`,
    [sha256(state), ttlS],
  );
  return rows[0]?.project_id;
}

export interface ClaimedSocialState {
  provider: SocialProvider;
  codeVerifier: string;
  nonce: string | null;
}

/** The callback's one use of the state; `undefined` when it is unknown, used or expired. */
export async function claimSocialFinish(db: Db, state: string, ttlS: number): Promise<ClaimedSocialState | undefined> {
  const { rows } = await db.query<{ provider: SocialProvider; code_verifier: string; nonce: string | null }>(
    `UPDATE auth_social_states SET finished_at = now()
     WHERE state_hash = $1 AND ${LIVE} AND finished_at IS NULL AND consumed_at IS NULL RETURNING provider, code_verifier, nonce`,
    [sha256(state), ttlS],
  );
  const row = rows[0];
  return row && { provider: row.provider, codeVerifier: row.code_verifier, nonce: row.nonce };
}

/** The failed sign-in's message, for the frame's result (unless the frame already took the result). */
export async function storeSocialError(db: Db, state: string, error: string): Promise<void> {
  await db.query(
    'UPDATE auth_social_states SET error = $2 WHERE state_hash = $1 AND consumed_at IS NULL AND user_id IS NULL AND error IS NULL',
    [sha256(state), error],
  );
}

/**
 * The user a provider account (provider, subject) signs in as: created on its first sign-in, its
 * username and email refreshed on later ones. Runs in the caller's transaction (social and Farcaster
 * logins: `auth_social_identities` holds both, Farcaster's subject being the fid).
 */
export async function providerAccountUser(
  tx: Queryable,
  account: { provider: string; subject: string; username: string | null; email: string | null },
): Promise<string> {
  const { provider, subject, username, email } = account;
  const newUserId: string = randomUUID();
  await tx.query('INSERT INTO auth_users (id, email, auth_provider, username) VALUES ($1, NULL, $2, $3)', [newUserId, provider, username]);
  const { rows: created } = await tx.query(
    `INSERT INTO auth_social_identities (provider, subject, user_id, email) VALUES ($1, $2, $3, $4)
     ON CONFLICT (provider, subject) DO NOTHING RETURNING user_id`,
    [provider, subject, newUserId, email],
  );
  if (created.length > 0) return newUserId;
  // A returning account: the user row made just now is not needed.
  await tx.query('DELETE FROM auth_users WHERE id = $1', [newUserId]);
  const { rows } = await tx.query<{ user_id: string }>(
    `UPDATE auth_social_identities SET email = $3, last_login_at = now() WHERE provider = $1 AND subject = $2 RETURNING user_id`,
    [provider, subject, email],
  );
  const userId = rows[0]!.user_id;
  await tx.query('UPDATE auth_users SET username = $2, updated_at = now() WHERE id = $1', [userId, username]);
  return userId;
}

/**
 * The provider account's user stored as the sign-in's outcome, in one transaction: `false`, and
 * nothing created, when the frame already took the result (the person was told the window closed).
 */
export async function storeSocialSuccess(db: Db, input: { state: string; provider: SocialProvider; identity: SocialIdentity }): Promise<boolean> {
  const { provider, identity } = input;
  return db.transaction(async (tx) => {
    const { rows: open } = await tx.query(
      'SELECT 1 FROM auth_social_states WHERE state_hash = $1 AND consumed_at IS NULL AND user_id IS NULL AND error IS NULL FOR UPDATE',
      [sha256(input.state)],
    );
    if (open.length === 0) return false;
    const userId = await providerAccountUser(tx, { provider, subject: identity.subject, username: identity.username, email: identity.email });
    await tx.query('UPDATE auth_social_states SET user_id = $2 WHERE state_hash = $1', [sha256(input.state), userId]);
    return true;
  });
}

export type SocialResult =
  | { kind: 'signed-in'; userId: string }
  | { kind: 'failed'; error: string }
  /** No outcome: the person closed the window (or the callback is still exchanging the code). */
  | { kind: 'no-outcome' }
  /** Unknown, already taken, expired, or another device's or project's. */
  | { kind: 'unusable' };

/**
 * The frame's one use of the state: the outcome, taken. With no outcome and no callback yet the state
 * is taken too (the window was closed: a late callback then finds it used and creates nothing); while
 * the callback is still exchanging the code it is left for that outcome.
 */
export async function takeSocialResult(db: Db, input: { state: string; deviceId: string; projectId: string; ttlS: number }): Promise<SocialResult> {
  const params = [sha256(input.state), input.ttlS, input.deviceId, input.projectId];
  const mine = `state_hash = $1 AND ${LIVE} AND device_id = $3 AND project_id = $4 AND consumed_at IS NULL`;
  const { rows } = await db.query<{ user_id: string | null; error: string | null }>(
    `UPDATE auth_social_states SET consumed_at = now()
     WHERE ${mine} AND (user_id IS NOT NULL OR error IS NOT NULL OR finished_at IS NULL) RETURNING user_id, error`,
    params,
  );
  const row = rows[0];
  if (row?.user_id) return { kind: 'signed-in', userId: row.user_id };
  if (row?.error) return { kind: 'failed', error: row.error };
  if (row) return { kind: 'no-outcome' };
  const { rows: exchanging } = await db.query(`SELECT 1 FROM auth_social_states WHERE ${mine}`, params);
  return exchanging.length > 0 ? { kind: 'no-outcome' } : { kind: 'unusable' };
}
