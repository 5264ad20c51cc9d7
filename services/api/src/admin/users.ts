/**
 * `portico-admin users export | delete`: every row the API holds about one person (migrations 002–019). A person is
 * named by an embedded user id, an email address or a wallet address; each leads to the others (the user's email,
 * the embedded wallet's address), so the export and the deletion cover the same rows. The chain index
 * (`chain_*`, `account_activity`, …) is public chain data, re-read from the node, and is not the user's.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Db, Queryable, Row } from '../db/client';
import { AdminError } from './errors';
import { parsed } from './projects';

export const subjectSchema = z.union([
  z.object({ userId: z.string().min(1).max(128) }),
  z.object({ email: z.email('must be an email address') }),
  z.object({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits') }),
]);
export type Subject = z.infer<typeof subjectSchema>;

/** What a person's rows are found by. */
interface Identity {
  userIds: string[];
  emails: string[];
  /** Lower case. */
  addresses: string[];
  deviceIds: string[];
  /** The mail caps' keys (sha256 of each address, src/auth/config.ts). */
  emailHashes: string[];
}

/**
 * Each table holding a person's rows and how they are found, children before parents (the order deletion runs
 * in). `p` holds the identity's lists: user_ids, emails, addresses, device_ids, email_hashes.
 */
const TABLES: { table: string; where: string }[] = [
  { table: 'embedded_wallets', where: 'user_id = ANY(p.user_ids)' },
  { table: 'auth_social_identities', where: 'user_id = ANY(p.user_ids)' },
  { table: 'auth_sessions', where: 'user_id = ANY(p.user_ids)' },
  { table: 'auth_codes', where: 'user_id = ANY(p.user_ids) OR email = ANY(p.emails) OR new_email = ANY(p.emails)' },
  { table: 'auth_devices', where: 'email = ANY(p.emails)' },
  { table: 'auth_device_tokens', where: 'email = ANY(p.emails)' },
  { table: 'auth_email_throttle', where: 'email = ANY(p.emails)' },
  // Sign-ins under way from the person's browsers (ten minutes at most).
  { table: 'auth_social_states', where: 'device_id = ANY(p.device_ids)' },
  { table: 'auth_farcaster_channels', where: 'device_id = ANY(p.device_ids)' },
  { table: 'siwx_sessions', where: 'lower(address) = ANY(p.addresses)' },
  { table: 'names', where: 'lower(address) = ANY(p.addresses)' },
  { table: 'onramp_sessions', where: 'lower(address) = ANY(p.addresses)' },
  // A page may put an address or an email in an event's props.
  { table: 'analytics_events', where: 'EXISTS (SELECT 1 FROM unnest(p.emails || p.addresses) AS needle WHERE strpos(lower(props::text), needle) > 0)' },
  {
    table: 'rate_limits',
    where: "EXISTS (SELECT 1 FROM unnest(p.email_hashes) AS h WHERE key = 'auth-mail:' || h OR key LIKE 'auth-mail-email-ip:' || h || ':%')",
  },
  { table: 'auth_users', where: 'id = ANY(p.user_ids)' },
];

/** The identity's lists as the CTE `p` the clauses above read. */
const WITH_IDENTITY =
  'WITH p AS (SELECT $1::text[] AS user_ids, $2::text[] AS emails, $3::text[] AS addresses, $4::text[] AS device_ids, $5::text[] AS email_hashes)';

const strings = async (db: Queryable, sql: string, params: unknown[]) =>
  (await db.query<{ v: string | null }>(sql, params)).rows.flatMap((r) => (r.v === null ? [] : [r.v]));

async function identify(db: Queryable, subject: Subject): Promise<Identity> {
  const email = 'email' in subject ? subject.email.toLowerCase() : undefined;
  const address = 'address' in subject ? subject.address.toLowerCase() : undefined;
  const userIds = [
    ...('userId' in subject ? await strings(db, 'SELECT id AS v FROM auth_users WHERE id = $1', [subject.userId]) : []),
    ...(email ? await strings(db, 'SELECT id AS v FROM auth_users WHERE email = $1', [email]) : []),
    // A social or Farcaster user's address is the provider's, kept beside the identity.
    ...(email ? await strings(db, 'SELECT user_id AS v FROM auth_social_identities WHERE lower(email) = $1', [email]) : []),
    ...(address ? await strings(db, 'SELECT user_id AS v FROM embedded_wallets WHERE lower(address) = $1', [address]) : []),
  ];
  const emails = [
    ...new Set([
      ...(email ? [email] : []),
      ...(await strings(db, 'SELECT lower(email) AS v FROM auth_users WHERE id = ANY($1) UNION SELECT lower(email) FROM auth_social_identities WHERE user_id = ANY($1)', [userIds])),
    ]),
  ];
  const addresses = [
    ...new Set([...(address ? [address] : []), ...(await strings(db, 'SELECT lower(address) AS v FROM embedded_wallets WHERE user_id = ANY($1)', [userIds]))]),
  ];
  const deviceIds = await strings(
    db,
    'SELECT device_id AS v FROM auth_sessions WHERE user_id = ANY($1) UNION SELECT device_id AS v FROM auth_devices WHERE email = ANY($2)',
    [userIds, emails],
  );
  const emailHashes = emails.map((e) => createHash('sha256').update(e).digest('hex'));
  return { userIds, emails, addresses, deviceIds, emailHashes };
}

const params = (id: Identity) => [id.userIds, id.emails, id.addresses, id.deviceIds, id.emailHashes];

/** Every row the API holds about the person, by table (tables without any are left out). */
export async function exportUser(db: Db, subject: Subject): Promise<{ subject: Subject; exportedAt: string; tables: Record<string, Row[]> }> {
  const checked = parsed(subjectSchema, subject, 'user');
  return db.transaction(async (tx) => {
    const identity = await identify(tx, checked);
    const tables: Record<string, Row[]> = {};
    for (const { table, where } of TABLES) {
      const { rows } = await tx.query(`${WITH_IDENTITY} SELECT ${table}.* FROM ${table}, p WHERE ${where}`, params(identity));
      if (rows.length > 0) tables[table] = rows;
    }
    if (Object.keys(tables).length === 0) throw new AdminError(`no data held for ${describe(checked)}`);
    return { subject: checked, exportedAt: new Date().toISOString(), tables };
  });
}

/** Deletes every row the person's export holds, in one transaction; the rows deleted per table. */
export async function deleteUser(db: Db, subject: Subject): Promise<Record<string, number>> {
  const checked = parsed(subjectSchema, subject, 'user');
  return db.transaction(async (tx) => {
    const identity = await identify(tx, checked);
    const deleted: Record<string, number> = {};
    for (const { table, where } of TABLES) {
      const { rows } = await tx.query(`${WITH_IDENTITY} DELETE FROM ${table} USING p WHERE ${where} RETURNING 1`, params(identity));
      if (rows.length > 0) deleted[table] = rows.length;
    }
    if (Object.keys(deleted).length === 0) throw new AdminError(`no data held for ${describe(checked)}`);
    return deleted;
  });
}

const describe = (s: Subject) => ('userId' in s ? `user ${s.userId}` : 'email' in s ? `email ${s.email}` : `address ${s.address}`);
