/**
 * Name registration over HTTP on the real server (in-memory PGlite): viem-signed messages,
 * name rules (spec section 5), duplicates, stale timestamps, lookups, reverse and suggestions.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { privateKeyToAccount } from 'viem/accounts';
import type { RunningApi } from '../src/server';
import { getJson, PROJECT, start } from './helpers';

// Anvil's dev keys #7 and #8 (well-known test keys, never funded outside a local chain).
const alice = privateKeyToAccount('0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356');
const bob = privateKeyToAccount('0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97');
const CHAIN_ID = 31337;
const COIN_TYPE = (0x80000000 | CHAIN_ID) >>> 0;

let api: RunningApi;
beforeAll(async () => {
  api = await start();
});
afterAll(async () => {
  await api?.close();
});

const u = (path: string, params: Record<string, string> = {}) => {
  const url = new URL(path, api.url);
  url.searchParams.set('projectId', PROJECT);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};

type Signer = typeof alice;
/** The modal's message: `{ name, attributes, timestamp, chainId, coinType }`, coinType = the body's coin_type unless given. */
async function registration(signer: Signer, fields: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const coinType = overrides.coin_type ?? COIN_TYPE;
  const message = JSON.stringify({ attributes: {}, timestamp: Math.floor(Date.now() / 1000), chainId: CHAIN_ID, coinType, ...fields });
  const signature = await signer.signMessage({ message });
  return { coin_type: COIN_TYPE, address: signer.address, message, signature, ...overrides };
}
const post = (body: unknown) =>
  getJson(u('/v1/profile/account'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('POST /v1/profile/account', () => {
  test('a viem-signed registration is stored; lookup, reverse and identity return it', async () => {
    const { status, body } = await post(await registration(alice, { name: 'Alice-01.portico.eth', attributes: { bio: 'hi' } }));
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'alice-01.portico.eth',
      addresses: { [String(COIN_TYPE)]: { address: alice.address } },
      attributes: { bio: 'hi' },
    });
    expect(Date.parse(body.registeredAt)).toBeGreaterThan(Date.now() - 60_000);

    const lookup = await getJson(u('/v1/profile/account/alice-01.portico.eth', { apiVersion: '2' }));
    expect(lookup.status).toBe(200);
    expect(lookup.body.addresses[String(COIN_TYPE)].address).toBe(alice.address);
    // The label alone names the same entry.
    expect((await getJson(u('/v1/profile/account/ALICE-01'))).body.name).toBe('alice-01.portico.eth');

    const identity = await getJson(u(`/v1/identity/${alice.address}`));
    expect(identity.body).toEqual({ name: 'alice-01.portico.eth', avatar: null });
  });

  test('reverse lookup lists the names of an address, newest first', async () => {
    expect((await post(await registration(bob, { name: 'bob-first.portico.eth' }))).status).toBe(201);
    await new Promise((r) => setTimeout(r, 20));
    expect((await post(await registration(bob, { name: 'bob-second.portico.eth' }))).status).toBe(201);
    const { status, body } = await getJson(u(`/v1/profile/reverse/${bob.address.toLowerCase()}`, { sender: bob.address, apiVersion: '2' }));
    expect(status).toBe(200);
    expect(body.map((p: { name: string }) => p.name)).toEqual(['bob-second.portico.eth', 'bob-first.portico.eth']);
    expect(body[0].addresses[String(COIN_TYPE)].address).toBe(bob.address);
    const none = await getJson(u('/v1/profile/reverse/0x000000000000000000000000000000000000dEaD'));
    expect(none.body).toEqual([]);
  });

  test('a taken name is refused with 409 Name is taken (any case), even for its owner', async () => {
    await post(await registration(alice, { name: 'taken.portico.eth' }));
    const again = await post(await registration(bob, { name: 'TAKEN.portico.eth' }));
    expect(again).toMatchObject({ status: 409, body: { error: 'Name is taken' } });
    const owner = await post(await registration(alice, { name: 'taken.portico.eth' }));
    expect(owner.status).toBe(409);
    const lookup = await getJson(u('/v1/profile/account/taken.portico.eth'));
    expect(lookup.body.addresses[String(COIN_TYPE)].address).toBe(alice.address);
  });

  test('a signature by another key is refused and nothing is stored', async () => {
    const forged = await registration(bob, { name: 'forged.portico.eth' }, { address: alice.address });
    const { status, body } = await post(forged);
    expect(status).toBe(401);
    expect(body.error).toBe('signature: not signed by address');
    // A message changed after signing fails too.
    const signed = await registration(alice, { name: 'forged.portico.eth' });
    const tampered = { ...signed, message: signed.message.replace('forged', 'forgex') };
    expect((await post(tampered)).status).toBe(401);
    expect((await getJson(u('/v1/profile/account/forged.portico.eth'))).status).toBe(404);
    expect((await getJson(u('/v1/profile/account/forgex.portico.eth'))).status).toBe(404);
  });

  test.each([
    ['too short', { name: 'abc.portico.eth' }, {}, 'message.name: Name must be at least 4 characters'],
    ['bad characters', { name: 'al_ice.portico.eth' }, {}, 'message.name: Name can only contain letters, numbers and hyphens'],
    ['spaces', { name: 'al ice.portico.eth' }, {}, 'message.name: Name can only contain letters, numbers and hyphens'],
    ['other zone', { name: 'alice.eth' }, {}, 'message.name: must end with .portico.eth'],
    ['stale timestamp', { name: 'stale.portico.eth', timestamp: Math.floor(Date.now() / 1000) - 11 * 60 }, {}, 'message.timestamp: is older than 10 minutes'],
    ['future timestamp', { name: 'future.portico.eth', timestamp: Math.floor(Date.now() / 1000) + 3600 }, {}, 'message.timestamp: is in the future'],
    ['milliseconds', { name: 'millis.portico.eth', timestamp: Date.now() }, {}, 'message.timestamp: must be in seconds, not milliseconds'],
    ['chain id ≥ 2^31', { name: 'bigchain.portico.eth', chainId: 2 ** 31 }, {}, 'message.chainId: must be below 2^31'],
    ['coin type vs chain id', { name: 'mismatch.portico.eth' }, { coin_type: 60 }, `coin_type: does not match message.chainId (expected ${COIN_TYPE})`],
    ['coin type not signed', { name: 'unsigned.portico.eth', coinType: undefined }, {}, 'message.coinType: required (the coin_type being registered)'],
    ['coin type other than signed', { name: 'othercoin.portico.eth', coinType: 60 }, {}, 'coin_type: does not match message.coinType'],
    ['Kelvin sign (U+212A)', { name: '\u212Aelvin.portico.eth' }, {}, 'message.name: Name can only contain letters, numbers and hyphens'],
    ['non-ASCII letter', { name: 'caf\u00e9s.portico.eth' }, {}, 'message.name: Name can only contain letters, numbers and hyphens'],
    ['leading hyphen', { name: '-alice.portico.eth' }, {}, 'message.name: Name cannot start or end with a hyphen'],
    ['trailing hyphen', { name: 'alice-.portico.eth' }, {}, 'message.name: Name cannot start or end with a hyphen'],
    ['doubled hyphen', { name: 'al--ice.portico.eth' }, {}, 'message.name: Name cannot contain two hyphens in a row'],
    ['punycode label', { name: 'xn--caf-dma.portico.eth' }, {}, 'message.name: Name cannot contain two hyphens in a row'],
    ['http avatar', { name: 'avatar-http.portico.eth', attributes: { avatar: 'http://img.example/a.png' } }, {}, 'message.attributes.avatar: must be an https: URL'],
    ['data: avatar', { name: 'avatar-data.portico.eth', attributes: { avatar: 'data:image/svg+xml,<svg/>' } }, {}, 'message.attributes.avatar: must be an https: URL'],
    ['not an EVM coin type', { name: 'bitcoin.portico.eth', chainId: undefined }, { coin_type: 0 }, 'coin_type: must be 60 (Ethereum) or 0x80000000 | chainId (ENSIP-11)'],
    ['bad signature text', { name: 'badsig.portico.eth' }, { signature: '0x1234' }, 'signature: must be 0x plus at least 62 hex characters'],
    ['bad address', { name: 'badaddr.portico.eth' }, { address: '0x12' }, "address: '0x12' is not an address (0x + 40 hex digits)"],
  ])('%s → 400 naming the rule', async (_what, fields, overrides, error) => {
    const { status, body } = await post(await registration(alice, fields, overrides));
    expect(status).toBe(400);
    expect(body.error).toBe(error);
  });

  test('message that is not JSON, missing fields, missing project', async () => {
    const signature = await alice.signMessage({ message: 'hello' });
    const notJson = await post({ coin_type: COIN_TYPE, address: alice.address, message: 'hello', signature });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toMatch(/^message: must be JSON text/);
    const noTimestamp = await post(await registration(alice, { name: 'nots.portico.eth', timestamp: undefined }));
    expect(noTimestamp.body.error).toBe('message.timestamp: required (seconds since 1970)');
    const noProject = await getJson(`${api.url}/v1/profile/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(noProject.status).toBe(400);
  });

  test('an https: avatar becomes the identity avatar; the Kelvin sign stored nothing', async () => {
    const avatar = 'https://img.example/alice.png';
    const r = await post(await registration(alice, { name: 'avatar-ok.portico.eth', attributes: { avatar } }));
    expect(r.status).toBe(201);
    const { rows } = await api.db.query<{ avatar: string }>(`SELECT avatar FROM names WHERE name = 'avatar-ok.portico.eth'`);
    expect(rows[0]!.avatar).toBe(avatar);
    expect((await getJson(u('/v1/profile/account/kelvin.portico.eth'))).status).toBe(404);
    expect((await getJson(u('/v1/profile/account/%E2%84%AAelvin.portico.eth'))).body.error).toBe('name: Name can only contain letters, numbers and hyphens');
  });

  test('coin type 60 (mainnet) and 0x80000000 (every EVM chain) without chainId', async () => {
    const main = await post(await registration(alice, { name: 'mainnet-name.portico.eth', chainId: undefined }, { coin_type: 60 }));
    expect(main.status).toBe(201);
    expect(main.body.addresses).toEqual({ '60': { address: alice.address } });
    const any = await post(await registration(alice, { name: 'every-chain.portico.eth', chainId: undefined }, { coin_type: 0x80000000 }));
    expect(any.body.addresses).toEqual({ [String(0x80000000)]: { address: alice.address } });
  });
});

describe('GET /v1/profile/account/:name', () => {
  test('unknown → 404; a name breaking the rules → 400 with the rule', async () => {
    expect(await getJson(u('/v1/profile/account/nobody.portico.eth', { apiVersion: '2' }))).toMatchObject({
      status: 404,
      body: { error: 'Name not found' },
    });
    expect((await getJson(u('/v1/profile/account/ab.portico.eth'))).body.error).toBe('name: Name must be at least 4 characters');
    expect((await getJson(u('/v1/profile/account/a%24bcd'))).body.error).toBe('name: Name can only contain letters, numbers and hyphens');
    expect((await getJson(u('/v1/profile/account/abcd', { apiVersion: '9' }))).body.error).toBe('apiVersion: must be 1 or 2');
  });
});

describe('GET /v1/profile/suggestions/:name', () => {
  test('the name itself when free, plus free variants; taken ones are left out', async () => {
    const { status, body } = await getJson(u('/v1/profile/suggestions/newname', { zone: 'portico.eth' }));
    expect(status).toBe(200);
    expect(body.suggestions[0]).toEqual({ name: 'newname.portico.eth', registered: false });
    expect(body.suggestions.length).toBeGreaterThanOrEqual(3);
    expect(body.suggestions.length).toBeLessThanOrEqual(5);
    for (const s of body.suggestions) expect(s.name).toMatch(/^[a-z0-9-]{4,}\.portico\.eth$/);

    await post(await registration(alice, { name: 'popular.portico.eth' }));
    await post(await registration(bob, { name: 'popular-eth.portico.eth' }));
    const taken = await getJson(u('/v1/profile/suggestions/popular.portico.eth', { zone: 'portico.eth' }));
    const names = taken.body.suggestions.map((s: { name: string }) => s.name);
    expect(names).not.toContain('popular.portico.eth');
    expect(names).not.toContain('popular-eth.portico.eth');
    expect(names.length).toBeGreaterThan(0);
    expect(taken.body.suggestions.every((s: { registered: boolean }) => s.registered === false)).toBe(true);
  });

  test('a short name gets valid longer variants; another zone → 400', async () => {
    const short = await getJson(u('/v1/profile/suggestions/ab'));
    expect(short.status).toBe(200);
    expect(short.body.suggestions.map((s: { name: string }) => s.name)).not.toContain('ab.portico.eth');
    for (const s of short.body.suggestions) expect(s.name.split('.')[0].length).toBeGreaterThanOrEqual(4);
    expect((await getJson(u('/v1/profile/suggestions/alice', { zone: 'example.eth' }))).body.error).toBe('zone: only portico.eth is served');
  });
});
