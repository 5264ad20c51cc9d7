/**
 * Farcaster sign-ins on the database (migrations 012, 015): the channel a start opened on the relay, keyed by
 * the sha256 of its token, with the SIWF nonce and domain the signed message must carry, bound to the
 * project, device and device key that started it; used once (one conditional UPDATE), alive `channelTtlS`.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** The caller's channel: the same condition in every statement. */
const MINE = 'channel_hash = $1 AND device_id = $2 AND project_id = $3 AND device_key_jkt = $4 AND consumed_at IS NULL';
const LIVE = `created_at > now() - $5::int * interval '1 second'`;

export async function createFarcasterChannel(
  db: Db,
  input: { channelToken: string; nonce: string; domain: string; siweUri: string; projectId: string; deviceId: string; deviceKeyJkt: string; ttlS: number },
): Promise<void> {
  // Sign-ins nobody collected within their lifetime are swept here.
  await db.query(`DELETE FROM auth_farcaster_channels WHERE created_at <= now() - $1::int * interval '1 second'`, [input.ttlS]);
  await db.query(
    `INSERT INTO auth_farcaster_channels (channel_hash, nonce, domain, siwe_uri, project_id, device_id, device_key_jkt) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [sha256(input.channelToken), input.nonce, input.domain, input.siweUri, input.projectId, input.deviceId, input.deviceKeyJkt],
  );
}

export interface FarcasterChannelRef {
  channelToken: string;
  deviceId: string;
  /** The starter's device key (RFC 7638 thumbprint): the channel is no one else's, even with its token and device id. */
  deviceKeyJkt: string;
  projectId: string;
  ttlS: number;
}

const params = (ref: FarcasterChannelRef) => [sha256(ref.channelToken), ref.deviceId, ref.projectId, ref.deviceKeyJkt, ref.ttlS];

/** 'live': this device's and project's unused channel within its lifetime; 'expired': it outlived it; 'unusable': unknown, used, or someone else's. */
export async function farcasterChannelState(db: Db, ref: FarcasterChannelRef): Promise<'live' | 'expired' | 'unusable'> {
  const { rows } = await db.query<{ live: boolean }>(`SELECT ${LIVE} AS live FROM auth_farcaster_channels WHERE ${MINE}`, params(ref));
  if (rows.length === 0) return 'unusable';
  return rows[0]!.live ? 'live' : 'expired';
}

/** The channel's one use: what the signed message must match, or `undefined` when it is not this caller's live channel (any more). */
export async function claimFarcasterChannel(db: Db, ref: FarcasterChannelRef): Promise<{ nonce: string; domain: string; siweUri: string } | undefined> {
  const { rows } = await db.query<{ nonce: string; domain: string; siwe_uri: string }>(
    `UPDATE auth_farcaster_channels SET consumed_at = now() WHERE ${MINE} AND ${LIVE} RETURNING nonce, domain, siwe_uri`,
    params(ref),
  );
  const row = rows[0];
  return row && { nonce: row.nonce, domain: row.domain, siweUri: row.siwe_uri };
}

/** Uses the channel up without a sign-in (the relay no longer knows it, or it expired). */
export async function dropFarcasterChannel(db: Db, ref: FarcasterChannelRef): Promise<void> {
  await db.query(`UPDATE auth_farcaster_channels SET consumed_at = now() WHERE ${MINE}`, params(ref).slice(0, 4));
}
