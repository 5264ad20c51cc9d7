/**
 * Name registration (spec sections 5, 7): names `<label>.portico.eth` stored in the `names` table,
 * which the identity route reads.
 *
 *   GET  /v1/profile/account/:name?apiVersion=2      → Profile | 404 { error: 'Name not found' }
 *   GET  /v1/profile/reverse/:address?sender&apiVersion → Profile[] (newest first)
 *   GET  /v1/profile/suggestions/:name?zone=portico.eth → { suggestions: [{ name, registered }] }
 *   POST /v1/profile/account { coin_type, address, message, signature } → 201 Profile
 *
 * `message` is JSON text `{ name, attributes, timestamp, chainId, coinType }` signed by `address`
 * with personal_sign (EIP-191); `coinType` must equal the body's `coin_type`, so the chain the
 * name is stored for is always one the owner signed. The signature is checked before anything is stored
 * (`messageSignedBy`, as sign-in does): an EOA's locally; a smart account's — ERC-1271 when deployed, ERC-6492
 * wrapped when not yet — through the node of the chain the coin type names (ENSIP-11 → chain id → a configured
 * chain). A coin type naming no configured chain, and 0x80000000 (every EVM chain, ENSIP-19), accept EOA
 * signatures only. Wrong signer → 401; that chain's node unreachable → 503 'Upstream node unavailable'.
 * A name already stored → 409 `{ error: 'Name is taken' }`.
 */
import { Hono } from 'hono';
import { getAddress, type Hex } from 'viem';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { messageSignedBy } from '../chains/signature';
import type { Db } from '../db/client';
import { addressParams, evmAddress } from '../http/chain';
import { HttpError, parseOr400 } from '../http/errors';
import { optionalParam } from '../http/params';
import { endpoint } from '../http/validate';
import { LABEL_MAX_LENGTH, NAME_CHARACTERS, NAME_ZONE, labelProblem, parseLabel } from '../profile/name-rules';
/** A registration message older than this is refused (replay window). */
export const MESSAGE_MAX_AGE_S = 600;
/** Clock skew tolerated for a timestamp ahead of the server's clock. */
export const MESSAGE_FUTURE_SKEW_S = 60;
export const NAME_TAKEN = 'Name is taken';
export const NAME_NOT_FOUND = 'Name not found';
/** ENSIP-11: coin type of an EVM chain is 0x80000000 | chainId; Ethereum mainnet keeps SLIP-44's 60. */
export const EVM_COIN_TYPE_BASE = 0x80000000;
export const MAINNET_COIN_TYPE = 60;

export function coinTypeOf(chainId: number): number {
  return chainId === 1 ? MAINNET_COIN_TYPE : (EVM_COIN_TYPE_BASE | chainId) >>> 0;
}

/** The chain a coin type stands for: 60 → 1, 0x80000000 | n → n (0: every EVM chain, ENSIP-19). */
function chainIdOfCoinType(coinType: number): number | undefined {
  if (coinType === MAINNET_COIN_TYPE) return 1;
  if (coinType >= EVM_COIN_TYPE_BASE && coinType <= 0xffffffff) return coinType - EVM_COIN_TYPE_BASE;
  return undefined;
}

export interface Profile {
  name: string;
  addresses: Record<string, { address: string }>;
  attributes: Record<string, string>;
  registeredAt: string;
  updatedAt: string;
}

type NameRow = {
  name: string;
  address: string;
  chain_id: string | null;
  coin_type: string | number | null;
  attributes: Record<string, string>;
  created_at: Date | string;
  updated_at: Date | string;
};

function toProfile(row: NameRow): Profile {
  const chainNumber = row.chain_id ? Number(row.chain_id.split(':')[1]) : 0;
  const coinType = row.coin_type !== null ? String(row.coin_type) : String(coinTypeOf(chainNumber));
  return {
    name: row.name,
    addresses: { [coinType]: { address: getAddress(row.address) } },
    attributes: row.attributes ?? {},
    registeredAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const NAME_COLUMNS = 'name, address, chain_id, coin_type, attributes, created_at, updated_at';

async function findName(db: Db, fullName: string): Promise<NameRow | undefined> {
  const { rows } = await db.query<NameRow>(`SELECT ${NAME_COLUMNS} FROM names WHERE name = $1`, [fullName]);
  return rows[0];
}

const apiVersion = z.enum(['1', '2'], { error: 'must be 1 or 2' }).optional();
const nameParams = z.object({ name: z.string() });

const signedMessageSchema = z.object({
  name: z.string({ error: 'required' }).max(LABEL_MAX_LENGTH + NAME_ZONE.length + 1, 'is too long'),
  attributes: z
    .record(z.string().max(64), z.string().max(512, 'values must be at most 512 characters'), { error: 'must be an object of strings' })
    .refine((a) => Object.keys(a).length <= 16, 'at most 16 attributes')
    .optional(),
  timestamp: z
    .number({ error: 'required (seconds since 1970)' })
    .int('must be an integer (seconds since 1970)')
    .positive('must be positive')
    .max(1e11, 'must be in seconds, not milliseconds'),
  chainId: z.number().int('must be an integer').positive('must be positive').lt(2 ** 31, 'must be below 2^31').optional(),
  coinType: z.number({ error: 'required (the coin_type being registered)' }).int('must be an integer'),
});

const registrationSchema = z.object({
  coin_type: z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], { error: 'must be a number' })
    .pipe(z.number().int('must be an integer').min(0, 'must not be negative').max(0xffffffff, 'must be at most 0xffffffff')),
  address: evmAddress,
  message: z.string({ error: 'required (JSON text)' }).min(1, 'required (JSON text)').max(4096, 'must be at most 4096 characters'),
  // Spec section 5: a signed message is 0x plus at least 62 hex characters.
  signature: z.string({ error: 'required' }).regex(/^0x[0-9a-fA-F]{62,}$/, 'must be 0x plus at least 62 hex characters'),
});

/** Up to 4 free variants plus the name itself when free, in a stable order. */
async function suggestionsFor(db: Db, rawLabel: string): Promise<{ name: string; registered: boolean }[]> {
  const base = rawLabel.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/-{2,}/g, '-').replace(/^-|-$/g, '').slice(0, LABEL_MAX_LENGTH - 5);
  if (!base) throw new HttpError(400, `name: ${NAME_CHARACTERS}`);
  const candidates = [base, `${base}-eth`, `${base}1`, `${base}-web3`, `${base}42`, `${base}-dao`, `${base}7`, `${base}-xyz`, `${base}2025`, `${base}-id`]
    .filter((label, i, all) => all.indexOf(label) === i && !labelProblem(label))
    .map((label) => `${label}.${NAME_ZONE}`);
  const { rows } = await db.query<{ name: string }>('SELECT name FROM names WHERE name = ANY($1::text[])', [candidates]);
  const taken = new Set(rows.map((r) => r.name));
  return candidates.filter((name) => !taken.has(name)).slice(0, 5).map((name) => ({ name, registered: false }));
}

/** Avatars are https: URLs only (no http: mixed content, no data: or javascript: payloads); 400 otherwise. */
function httpsAvatar(value: string): string {
  try {
    if (new URL(value).protocol === 'https:') return value;
  } catch {
    // not a URL: refused below
  }
  throw new HttpError(400, 'message.attributes.avatar: must be an https: URL');
}

export function profileRoutes(options: { now?: () => number } = {}) {
  const app = new Hono<AppEnv>();
  const nowSeconds = () => Math.floor((options.now ?? Date.now)() / 1000);

  app.get('/v1/profile/account/:name', endpoint({ params: nameParams, query: z.object({ apiVersion }) }, async (c, { params }) => {
    const label = parseLabel(params.name, 'name');
    const row = await findName(c.var.ctx.db, `${label}.${NAME_ZONE}`);
    if (!row) return c.json({ error: NAME_NOT_FOUND }, 404);
    return c.json(toProfile(row));
  }));

  const reverseQuery = z.object({ sender: optionalParam(evmAddress), apiVersion });

  app.get('/v1/profile/reverse/:address', endpoint({ params: addressParams, query: reverseQuery }, async (c, { params: { address } }) => {
    const { rows } = await c.var.ctx.db.query<NameRow>(
      `SELECT ${NAME_COLUMNS} FROM names WHERE lower(address) = $1 ORDER BY updated_at DESC, created_at DESC, name`,
      [address.toLowerCase()],
    );
    return c.json(rows.map(toProfile));
  }));

  const suggestionsQuery = z.object({
    zone: z.string().refine((z) => z.toLowerCase() === NAME_ZONE, `only ${NAME_ZONE} is served`).optional(),
  });

  app.get('/v1/profile/suggestions/:name', endpoint({ params: nameParams, query: suggestionsQuery }, async (c, { params }) => {
    const raw = params.name.replace(/\.portico\.eth$/i, '');
    if (raw.length > LABEL_MAX_LENGTH) throw new HttpError(400, `name: Name must be at most ${LABEL_MAX_LENGTH} characters`);
    return c.json({ suggestions: await suggestionsFor(c.var.ctx.db, raw) });
  }));

  app.post('/v1/profile/account', endpoint({ body: registrationSchema }, async (c, { body: registration }) => {
    const { db } = c.var.ctx;
    let parsedMessage: unknown;
    try {
      parsedMessage = JSON.parse(registration.message);
    } catch {
      throw new HttpError(400, 'message: must be JSON text { name, attributes, timestamp, chainId, coinType }');
    }
    const message = parseOr400(z.object({ message: signedMessageSchema }), { message: parsedMessage }).message;

    // Name rules (spec section 5, no look-alikes) on '<label>.portico.eth'.
    const fullName = `${parseLabel(message.name, 'message.name', true)}.${NAME_ZONE}`;
    const attributes = message.attributes ?? {};
    const avatar = attributes.avatar !== undefined ? httpsAvatar(attributes.avatar) : null;

    // The coin type registered is the one signed.
    if (message.coinType !== registration.coin_type) throw new HttpError(400, 'coin_type: does not match message.coinType');
    // Chain: coin type per ENSIP-11, consistent with the message's chainId when it has one.
    const coinChainId = chainIdOfCoinType(registration.coin_type);
    if (coinChainId === undefined) throw new HttpError(400, 'coin_type: must be 60 (Ethereum) or 0x80000000 | chainId (ENSIP-11)');
    if (message.chainId !== undefined && coinTypeOf(message.chainId) !== registration.coin_type) {
      throw new HttpError(400, `coin_type: does not match message.chainId (expected ${coinTypeOf(message.chainId)})`);
    }

    const now = nowSeconds();
    if (message.timestamp < now - MESSAGE_MAX_AGE_S) throw new HttpError(400, 'message.timestamp: is older than 10 minutes');
    if (message.timestamp > now + MESSAGE_FUTURE_SKEW_S) throw new HttpError(400, 'message.timestamp: is in the future');

    // The owner signed exactly this text (EIP-191 personal_sign) — checked before storing. A contract
    // account's signature is checked on the chain the coin type names (none for 0: EOAs only).
    const chain = coinChainId === 0 ? undefined : c.var.ctx.chains.get(`eip155:${coinChainId}`);
    const valid = await messageSignedBy(chain, c.var.ctx.chains.rpcTimeoutMs, registration.address, registration.message, registration.signature as Hex);
    if (!valid) return c.json({ error: 'signature: not signed by address' }, 401);

    const { rows } = await db.query<NameRow>(
      `INSERT INTO names (name, address, chain_id, avatar, attributes, coin_type, message, signature)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)
       ON CONFLICT (name) DO NOTHING
       RETURNING ${NAME_COLUMNS}`,
      [
        fullName,
        registration.address.toLowerCase(),
        coinChainId === 0 ? null : `eip155:${coinChainId}`,
        avatar,
        JSON.stringify(attributes),
        registration.coin_type,
        registration.message,
        registration.signature,
      ],
    );
    if (!rows[0]) return c.json({ error: NAME_TAKEN }, 409);
    return c.json(toProfile(rows[0]), 201);
  }));

  return app;
}
