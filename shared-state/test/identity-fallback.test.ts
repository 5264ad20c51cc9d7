import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { accountsAtom, activeAccountAtom } from '../src/index';
import { createAccountDataController } from '../src/controllers/account-data';
import { ACCOUNT, apiStub, resetTestKit, testCore, type ApiStub } from '@portico/test-kit';

const network = (id: number, name: string) => ({
  id,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.example'] } },
});
const MAINNET = network(1, 'Ethereum');
const OPTIMISM = network(10, 'OP Mainnet');

const AVATAR = 'https://img.example/a.png';
const IDENTITY = 'GET /v1/identity/:address';
const REVERSE = 'GET /v1/profile/reverse/:address';
const profile = (name: string) => ({ name, addresses: { '60': { address: ACCOUNT } } });

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub({
    [IDENTITY]: { status: 400, text: 'refused' },
    [REVERSE]: { json: [profile('alice.portico.eth'), profile('older.portico.eth')] },
  });
});
afterAll(async () => {
  await api.close();
});
afterEach(resetTestKit);

/** Connected on `chainReference` with its avatar and name from an earlier identity answer. */
async function shownOn(chainReference: string) {
  const { core } = await testCore({ api, options: { networks: [MAINNET, OPTIMISM] }, adapter: { account: { address: ACCOUNT, chainReference } }, connect: true });
  const data = createAccountDataController({ store: core.store, api: { apiUrl: api.url, projectId: 'proj' }, storage: core.storage, toast: core.toast });
  const accounts = core.store.get(accountsAtom);
  core.store.set(accountsAtom, { ...accounts, eip155: { ...accounts.eip155!, profileName: 'shown.eth', profileImage: AVATAR } });
  return { core, data, account: () => core.store.get(activeAccountAtom) };
}

describe('identity sync falls back to a name lookup (spec §4)', () => {
  it('when identity fails, the newest name the lookup finds is shown; the avatar is cleared off chain 1', async () => {
    const page = await shownOn('10');
    await page.data.syncIdentity();
    expect(api.requests.map((request) => request.path)).toEqual([`/v1/identity/${ACCOUNT}`, `/v1/profile/reverse/${ACCOUNT}`]);
    expect(page.account()).toMatchObject({ profileName: 'alice.portico.eth', profileImage: undefined });
  });

  it('a lookup that finds no name clears the name; on chain 1 the avatar stays', async () => {
    api.override({ [REVERSE]: { json: [] } });
    const page = await shownOn('1');
    await page.data.syncIdentity();
    expect(page.account().profileName).toBeUndefined();
    expect(page.account().profileImage).toBe(AVATAR);
  });

  it('a failed lookup keeps the name shown', async () => {
    api.override({ [REVERSE]: { status: 400, text: 'refused' } });
    const page = await shownOn('10');
    await page.data.syncIdentity();
    expect(page.account()).toMatchObject({ profileName: 'shown.eth', profileImage: undefined });
  });
});
