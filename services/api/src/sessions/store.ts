/**
 * Sign-in nonces and sessions on the database (migration 008), the same SQL on PGlite and PostgreSQL.
 * A nonce is claimed by one UPDATE (unused, unexpired, this project) in the transaction that stores
 * the session, so two requests racing with one signed message make one session.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { getAddress } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { Db, Queryable } from '../db/client';
import type { CheckedSignIn } from './message';
import { parseSiws } from './siws';

export type SessionRow = {
  id: string;
  project_id: string;
  address: string;
  chain_id: string;
  /** The signed message's uri: its origin is the page the session's JWT names as `aud`. */
  uri: string;
  message: string;
  signature: string;
  expires_at: Date | string;
  created_at: Date | string;
  revoked_at: Date | string | null;
};

/** A session as the API answers it: spec section 3's `{ data, message, signature }` plus its id and lifetime. */
export interface SessionBody {
  id: string;
  /** CAIP-10 account, the JWT's `sub`. */
  account: string;
  data: {
    accountAddress: string;
    chainId: string;
    domain: string;
    uri: string;
    nonce: string;
    version: string;
    issuedAt: string;
    expirationTime?: string;
    notBefore?: string;
    statement?: string;
    requestId?: string;
    resources?: string[];
  };
  message: string;
  signature: string;
  createdAt: string;
  expiresAt: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** How an address is kept and looked up: eip155 in lower case (wallets report either), others as written (base58 is case-sensitive; bech32 comes lower case). */
export const storedAddress = (address: string) => (/^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address);

/** The row's message as the API answers it: a Solana or Bitcoin sign-in's fields (stored texts always parse). */
function siwsData(row: SessionRow): SessionBody['data'] {
  const m = parseSiws(row.message);
  if (typeof m === 'string') throw new Error(`stored session ${row.id}: ${m}`);
  const data: SessionBody['data'] = {
    accountAddress: row.address,
    chainId: row.chain_id,
    domain: m.domain,
    uri: m.uri,
    nonce: m.nonce,
    version: m.version,
    issuedAt: new Date(m.issuedAt!).toISOString(),
  };
  if (m.expirationTime) data.expirationTime = new Date(m.expirationTime).toISOString();
  if (m.notBefore) data.notBefore = new Date(m.notBefore).toISOString();
  if (m.statement !== undefined) data.statement = m.statement;
  if (m.requestId !== undefined) data.requestId = m.requestId;
  if (m.resources) data.resources = m.resources;
  return data;
}

export function sessionBody(row: SessionRow): SessionBody {
  const data = row.chain_id.startsWith('eip155:') ? siweData(row) : siwsData(row);
  return {
    id: row.id,
    account: `${row.chain_id}:${data.accountAddress}`,
    data,
    message: row.message,
    signature: row.signature,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
  };
}

function siweData(row: SessionRow): SessionBody['data'] {
  const m = parseSiweMessage(row.message);
  const accountAddress = getAddress(row.address);
  const data: SessionBody['data'] = {
    accountAddress,
    chainId: row.chain_id,
    domain: m.domain!,
    uri: m.uri!,
    nonce: m.nonce!,
    version: m.version!,
    issuedAt: m.issuedAt!.toISOString(),
  };
  if (m.expirationTime) data.expirationTime = m.expirationTime.toISOString();
  if (m.notBefore) data.notBefore = m.notBefore.toISOString();
  if (m.statement !== undefined) data.statement = m.statement;
  if (m.requestId !== undefined) data.requestId = m.requestId;
  if (m.resources) data.resources = m.resources;
  return data;
}

const SESSION_COLUMNS = 'id, project_id, address, chain_id, uri, message, signature, expires_at, created_at, revoked_at';

/** A fresh nonce: 128 random bits as 32 hex digits (EIP-4361 wants ≥ 8 alphanumerics). Sweeps expired ones. */
export async function issueNonce(db: Db, projectId: string, ttlS: number): Promise<{ nonce: string; expiresAt: string }> {
  const nonce = randomBytes(16).toString('hex');
  await db.query('DELETE FROM siwx_nonces WHERE expires_at < now()');
  const { rows } = await db.query<{ expires_at: Date | string }>(
    `INSERT INTO siwx_nonces (nonce, project_id, expires_at) VALUES ($1, $2, now() + $3::int * interval '1 second') RETURNING expires_at`,
    [nonce, projectId, ttlS],
  );
  return { nonce, expiresAt: iso(rows[0]!.expires_at) };
}

/** Is the nonce live (issued for this project, unused, unexpired)? A read before the costly checks. */
export async function nonceLive(db: Db, projectId: string, nonce: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM siwx_nonces WHERE nonce = $1 AND project_id = $2 AND used_at IS NULL AND expires_at > now()',
    [nonce, projectId],
  );
  return rows.length > 0;
}

/** Uses the nonce up (one UPDATE: of two racing claims one wins); false when it was no longer live. */
export async function claimNonce(db: Queryable, projectId: string, nonce: string): Promise<boolean> {
  const claimed = await db.query(
    `UPDATE siwx_nonces SET used_at = now()
     WHERE nonce = $1 AND project_id = $2 AND used_at IS NULL AND expires_at > now() RETURNING nonce`,
    [nonce, projectId],
  );
  return claimed.rows.length > 0;
}

/** Claims the nonce and stores the session in one transaction; `undefined` when the nonce was no longer live. */
export async function createSession(
  db: Db,
  input: { projectId: string; message: CheckedSignIn; text: string; signature: string; expiresAt: Date },
): Promise<SessionRow | undefined> {
  const { message } = input;
  return db.transaction(async (tx) => {
    if (!(await claimNonce(tx, input.projectId, message.nonce))) return undefined;
    const { rows } = await tx.query<SessionRow>(
      `INSERT INTO siwx_sessions (id, project_id, address, chain_id, domain, uri, nonce, message, signature, issued_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${SESSION_COLUMNS}`,
      [
        randomUUID(),
        input.projectId,
        storedAddress(message.address),
        message.chainId,
        message.domain,
        message.uri,
        message.nonce,
        input.text,
        input.signature,
        message.issuedAt.toISOString(),
        input.expiresAt.toISOString(),
      ],
    );
    return rows[0];
  });
}

/** The address's live sessions for the project (not revoked, not expired), newest first. */
export async function liveSessions(db: Db, projectId: string, address: string, chainId?: string): Promise<SessionRow[]> {
  const { rows } = await db.query<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM siwx_sessions
     WHERE project_id = $1 AND address = $2 AND revoked_at IS NULL AND expires_at > now() AND ($3::text IS NULL OR chain_id = $3)
     ORDER BY created_at DESC, id`,
    [projectId, storedAddress(address), chainId ?? null],
  );
  return rows;
}

export async function findSession(db: Db, projectId: string, id: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM siwx_sessions WHERE project_id = $1 AND id = $2`, [projectId, id]);
  return rows[0];
}

/** Revokes the session (idempotent: the first revocation's time is kept). */
export async function revokeSession(db: Db, id: string): Promise<string> {
  const { rows } = await db.query<{ revoked_at: Date | string }>(
    'UPDATE siwx_sessions SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 RETURNING revoked_at',
    [id],
  );
  return iso(rows[0]!.revoked_at);
}
