/**
 * `portico-admin secure-site-key`: rotating the secure site's operator key (services/secure-site/src/sealing.ts).
 * `rotate` makes the new key and the two variables the secure site then runs with (the new key, and the old one
 * with the end of its grace); `reseal` moves every stored wallet under the new key in one transaction, so that the
 * old key can go. The API itself never holds the operator key: this runs in the operator's shell.
 */
import { randomBytes } from 'node:crypto';
import { operatorKeyId, operatorKeySchema, reseal, type OperatorKeys } from '@portico/secure-site/src/sealing';
import type { Db } from '../db/client';
import { AdminError } from './errors';
import { parsed } from './projects';

export interface OperatorKeyRotation {
  keyId: string;
  previousKeyId: string;
  previousUntil: string;
  /** What the secure site runs with from now on. */
  env: { PORTICO_SECURE_SITE_KEY: string; PORTICO_SECURE_SITE_PREVIOUS_KEY: string };
}

export function rotateOperatorKey(options: { currentKey: string; newKey?: string; graceS: number; now?: Date }): OperatorKeyRotation {
  const current = parsed(operatorKeySchema, options.currentKey, 'current operator key');
  const next = options.newKey === undefined ? randomBytes(32) : parsed(operatorKeySchema, options.newKey, 'new operator key');
  if (next.equals(current)) throw new AdminError('operator key: the new key is the key in use');
  const until = new Date((options.now ?? new Date()).getTime() + options.graceS * 1000).toISOString();
  return {
    keyId: operatorKeyId(next),
    previousKeyId: operatorKeyId(current),
    previousUntil: until,
    env: { PORTICO_SECURE_SITE_KEY: next.toString('hex'), PORTICO_SECURE_SITE_PREVIOUS_KEY: `${current.toString('hex')}@${until}` },
  };
}

/**
 * Seals every embedded wallet again under `keys.current`, in one transaction: a blob that does not open (another
 * key, the previous key's grace over) stops it, naming the user, and nothing is changed.
 */
export async function resealWallets(db: Db, keys: OperatorKeys): Promise<{ resealed: number; alreadyCurrent: number; keyId: string }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string; sealed: string }>('SELECT user_id, sealed FROM embedded_wallets ORDER BY user_id FOR UPDATE');
    let resealed = 0;
    for (const row of rows) {
      let next: string | undefined;
      try {
        next = reseal(keys, row.sealed, row.user_id);
      } catch (err) {
        throw new AdminError(`re-seal stopped, nothing changed: the wallet of user ${row.user_id}: ${(err as Error).message}`);
      }
      if (next === undefined) continue;
      await tx.query('UPDATE embedded_wallets SET sealed = $2 WHERE user_id = $1', [row.user_id, next]);
      resealed++;
    }
    return { resealed, alreadyCurrent: rows.length - resealed, keyId: operatorKeyId(keys.current) };
  });
}
