/**
 * Social sign-ins on the database (migrations 011, 015): the started sign-in (state, the PKCE challenge, nonce,
 * project, device and device key), used once by the frame that started it, and the provider accounts' users.
 * The use is one conditional UPDATE, so racing requests cannot use a state twice; a user is created only in the
 * transaction that also makes the session.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/client';
import type { SocialProvider } from './social-config';
import { insertSession, type SessionDevice } from './store';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export async function createSocialState(
  db: Db,
  input: { state: string; provider: SocialProvider; codeChallenge: string; nonce?: string; projectId: string; deviceId: string; deviceKeyJkt: string; ttlS: number },
): Promise<void> {
  // Sign-ins nobody finished within their lifetime are swept here.
  await db.query(`DELETE FROM auth_social_states WHERE created_at <= now() - $1::int * interval '1 second'`, [input.ttlS]);
  await db.query(
    `INSERT INTO auth_social_states (state_hash, provider, code_challenge, nonce, project_id, device_id, device_key_jkt) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [sha256(input.state), input.provider, input.codeChallenge, input.nonce ?? null, input.projectId, input.deviceId, input.deviceKeyJkt],
  );
}

export interface ClaimedSocialState {
  provider: SocialProvider;
  codeChallenge: string;
  nonce: string | null;
}

/**
 * The frame's one use of the state it started: `undefined` when it is unknown, used, expired, or another
 * project's, device's or device key's. Used up whatever follows (an error at the provider, a wrong verifier).
 */
export async function claimSocialState(
  db: Db,
  input: { state: string; projectId: string; deviceId: string; deviceKeyJkt: string; ttlS: number },
): Promise<ClaimedSocialState | undefined> {
  const { rows } = await db.query<{ provider: SocialProvider; code_challenge: string; nonce: string | null }>(
    `UPDATE auth_social_states SET consumed_at = now()
     WHERE state_hash = $1 AND created_at > now() - $2::int * interval '1 second' AND consumed_at IS NULL
       AND project_id = $3 AND device_id = $4 AND device_key_jkt = $5
     RETURNING provider, code_challenge, nonce`,
    [sha256(input.state), input.ttlS, input.projectId, input.deviceId, input.deviceKeyJkt],
  );
  const row = rows[0];
  return row && { provider: row.provider, codeChallenge: row.code_challenge, nonce: row.nonce };
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
 * The provider account's user and a new session bound to the starter's device, in one transaction (social and
 * Farcaster sign-ins alike); answers the session id.
 */
export async function providerSignIn(
  db: Db,
  input: SessionDevice & { account: Parameters<typeof providerAccountUser>[1]; sessionTtlS: number },
): Promise<string> {
  return db.transaction(async (tx) => {
    const userId = await providerAccountUser(tx, input.account);
    return insertSession(tx, { userId, projectId: input.projectId, deviceId: input.deviceId, deviceKeyJkt: input.deviceKeyJkt, ttlS: input.sessionTtlS });
  });
}
