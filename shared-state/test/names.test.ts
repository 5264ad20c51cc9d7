import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { verifyMessage } from 'viem';
import { createEip155Adapter } from '../src/adapters/eip155';
import {
  activeAccountAtom,
  fullName,
  namesAtom,
  UserRejectedRequestError,
  type PorticoCore,
} from '../src/index';
import { nameRuleProblem } from '../src/name-rules';
import { coinTypeForChain } from '../src/controllers/names';
import {
  ACCOUNT,
  DEVCHAIN_COIN_TYPE as COIN_TYPE,
  anvil,
  apiStub,
  eventually,
  installWallet,
  profileRoutes,
  resetTestKit,
  testCore,
  walletInfo,
  type ApiStub,
} from '@portico/test-kit';

let api: ApiStub;
/** name → owner, as the stub API stores them. */
const registry = new Map<string, string>();

beforeAll(async () => {
  api = await apiStub(profileRoutes(registry));
});
afterAll(async () => {
  await api.close();
});
afterEach(() => {
  registry.clear();
  resetTestKit();
});

/**
 * Connected on a test network (anvil), on RegisterAccountName opened from Account, its form loaded as the outlet loads
 * it before showing the view; the wallet signs with the dev key.
 */
async function connectedCore() {
  const made = await testCore({ api, options: { networks: [{ ...anvil, testnet: true }] }, connect: true, views: ['Account', 'RegisterAccountName'] });
  await made.core.prepareView('RegisterAccountName');
  return made;
}

const names = (core: PorticoCore) => core.store.get(namesAtom);
const lookups = () => api.requestsTo(/^\/v1\/profile\/account\//);

describe('name rules (spec section 5)', () => {
  it('at least 4 characters; letters, digits and hyphens only', () => {
    expect(nameRuleProblem('abc')).toBe('Name must be at least 4 characters');
    expect(nameRuleProblem('ab_c')).toBe('Name can only contain letters, numbers and hyphens');
    expect(nameRuleProblem('my name')).toBe('Name can only contain letters, numbers and hyphens');
    expect(nameRuleProblem('Alice-42')).toBeUndefined();
    expect(nameRuleProblem('a'.repeat(64))).toBe('Name must be at most 63 characters');
    expect(fullName(' Alice ')).toBe('alice.portico.eth');
    expect(fullName('bob.portico.eth')).toBe('bob.portico.eth');
  });

  it('refuses hyphens at either end, two in a row, and xn-- labels, like the API', () => {
    expect(nameRuleProblem('-alice')).toBe('Name cannot start or end with a hyphen');
    expect(nameRuleProblem('alice-')).toBe('Name cannot start or end with a hyphen');
    expect(nameRuleProblem('ali--ce')).toBe('Name cannot contain two hyphens in a row');
    expect(nameRuleProblem('xn--nxasmq6b')).toBe('Name cannot contain two hyphens in a row');
    expect(nameRuleProblem('a-b-c-d')).toBeUndefined();
  });

  it('refuses non-ASCII as typed, before any case folding or NFC mapping', () => {
    // U+212A KELVIN SIGN: toLowerCase() gives 'k', NFC gives 'K'. Neither may make it valid.
    expect('\u212A'.toLowerCase()).toBe('k');
    expect(nameRuleProblem('\u212Aelvin')).toBe('Name can only contain letters, numbers and hyphens');
    expect(nameRuleProblem('caf\u00e9')).toBe('Name can only contain letters, numbers and hyphens');
    expect(nameRuleProblem('cafe\u0301')).toBe('Name can only contain letters, numbers and hyphens');
    expect(nameRuleProblem('\uff41lice')).toBe('Name can only contain letters, numbers and hyphens');
  });

  it('coin type per ENSIP-11; chain ids from 2^31 are refused', () => {
    expect(coinTypeForChain(1)).toBe(60);
    expect(coinTypeForChain(31337)).toBe(COIN_TYPE);
    expect(coinTypeForChain(2 ** 31 - 1)).toBe(0xffffffff);
    expect(() => coinTypeForChain(2 ** 31)).toThrow('Chain id for name registration must be below 2^31');
  });
});

describe('availability as you type', () => {
  it('debounces 500 ms: one lookup for the last value typed', async () => {
    const { core } = await connectedCore();
    for (const value of ['a', 'al', 'ali', 'alic', 'alice']) core.names.setLabel(value);
    expect(names(core)).toMatchObject({ label: 'alice', availability: 'pending' });
    await new Promise((r) => setTimeout(r, 300));
    expect(lookups()).toHaveLength(0);
    await eventually(() => expect(names(core).availability).toBe('available'));
    expect(lookups().map((r) => r.path)).toEqual(['/v1/profile/account/alice.portico.eth']);
    expect(lookups()[0]!.params.get('apiVersion')).toBe('2');
    expect(names(core).suggestions).toEqual([{ name: 'alice-eth.portico.eth', registered: false }]);
    expect(api.requestsTo('/v1/profile/suggestions/alice')[0]!.params.get('zone')).toBe('portico.eth');
  });

  it('a rule broken → its message, no lookup; a taken name → Name is taken', async () => {
    const { core } = await connectedCore();
    core.names.setLabel('abc');
    await eventually(() => expect(names(core).availability).toBe('invalid'));
    expect(names(core)).toMatchObject({ availability: 'invalid', availabilityMessage: 'Name must be at least 4 characters' });
    expect(lookups()).toHaveLength(0);
    registry.set('taken.portico.eth', '0x0000000000000000000000000000000000000001');
    core.names.setLabel('taken');
    await eventually(() => expect(names(core).availability).toBe('taken'));
    expect(names(core).availabilityMessage).toBe('Name is taken');
  });

  it('lookup and suggestion failures use the spec wording', async () => {
    api.override({ '* /v1/profile/*': { status: 500, json: { error: 'boom' } } });
    const { core } = await connectedCore();
    expect(await core.names.checkAvailability('carol')).toBe('error');
    // checkAvailability writes the state only for the label on screen.
    core.names.chooseSuggestion('carol.portico.eth');
    await eventually(() => expect(names(core).availability).toBe('error'));
    expect(names(core).availabilityMessage).toBe('Error resolving name');
    expect(names(core).suggestionsError).toBe('Error fetching name suggestions');
    await expect(core.names.namesForAddress()).rejects.toThrow('Error fetching names for address');
  });
});

describe('register', () => {
  it('signs the message with the wallet, posts it, shows success and the name on the account', async () => {
    const { core, adapter } = await connectedCore();
    core.names.chooseSuggestion('dave.portico.eth');
    await eventually(() => expect(names(core).availability).toBe('available'));
    expect(await core.names.register()).toBe(true);

    const [signed] = adapter.signed;
    expect(adapter.walletRequests.find((request) => request.method === 'signMessage')).toMatchObject({ connectorId: 'io.fake', address: ACCOUNT });
    const message = JSON.parse(signed!);
    // The coin type is signed too, and equals the body's coin_type.
    expect(message).toEqual({ name: 'dave.portico.eth', attributes: {}, timestamp: expect.any(Number), chainId: 31337, coinType: COIN_TYPE });
    expect(Object.keys(message)).toEqual(['name', 'attributes', 'timestamp', 'chainId', 'coinType']);
    expect(Math.abs(message.timestamp - Date.now() / 1000)).toBeLessThan(5);

    const post = api.requestsTo('/v1/profile/account').find((r) => r.method === 'POST')!;
    const body = JSON.parse(post.body);
    expect(body).toMatchObject({ coin_type: COIN_TYPE, address: ACCOUNT, message: signed });
    expect(await verifyMessage({ address: ACCOUNT, message: body.message, signature: body.signature })).toBe(true);
    expect(post.params.get('projectId')).toBe('test-project');

    expect(core.router.current().view).toBe('RegisterAccountNameSuccess');
    expect(core.router.current().history).toEqual(['Account', 'RegisterAccountNameSuccess']);
    expect(names(core).registeredName).toBe('dave.portico.eth');
    expect(core.store.get(activeAccountAtom).profileName).toBe('dave.portico.eth');
    // Identity sync on a test network looks nothing up and keeps the name registered in this session.
    await core.accountData.syncIdentity();
    expect(core.store.get(activeAccountAtom).profileName).toBe('dave.portico.eth');
    expect(await core.names.namesForAddress()).toMatchObject([{ name: 'dave.portico.eth' }]);
  });

  it('taken at the API → back on RegisterAccountName with the reason', async () => {
    const { core } = await connectedCore();
    core.names.chooseSuggestion('erin');
    await eventually(() => expect(names(core).availability).toBe('available'));
    registry.set('erin.portico.eth', '0x0000000000000000000000000000000000000002'); // someone was faster
    expect(await core.names.register()).toBe(false);
    expect(names(core)).toMatchObject({ registration: 'failed', registrationError: 'Error registering name erin.portico.eth: Name is taken' });
    expect(core.router.current().view).toBe('RegisterAccountName');
    expect(core.store.get(activeAccountAtom).profileName).toBeUndefined();
  });

  it('the wallet declines → Signature declined, nothing posted', async () => {
    const { core, adapter } = await connectedCore();
    adapter.declining = true;
    core.names.chooseSuggestion('frank');
    expect(await core.names.register()).toBe(false);
    expect(names(core).registrationError).toBe('Error registering name frank.portico.eth: Signature declined');
    expect(api.requestsTo('/v1/profile/account').filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('a name breaking a rule is not signed', async () => {
    const { core, adapter } = await connectedCore();
    core.names.setLabel('no!');
    expect(await core.names.register()).toBe(false);
    expect(names(core).registrationError).toBe('Error registering name no!.portico.eth: Name must be at least 4 characters');
    expect(adapter.signed).toHaveLength(0);
  });
});

describe('eip155 adapter: signMessage', () => {
  function setup(answer: (params: unknown) => unknown) {
    const target = new EventTarget();
    const calls: unknown[] = [];
    const provider = {
      request: async ({ method, params }: { method: string; params?: unknown }) => {
        if (method !== 'personal_sign') throw Object.assign(new Error('unsupported'), { code: 4200 });
        calls.push(params);
        return answer(params);
      },
    };
    installWallet(target, provider, walletInfo());
    const adapter = createEip155Adapter({ eventTarget: target });
    adapter.watchConnectors(() => undefined);
    return { adapter, calls };
  }

  it('personal_sign with the message as hex UTF-8 and the address', async () => {
    const signature = `0x${'ab'.repeat(65)}`;
    const { adapter, calls } = setup(() => signature);
    expect(await adapter.signMessage!('io.fake', ACCOUNT, '{"n":"é"}')).toBe(signature);
    expect(calls).toEqual([['0x7b226e223a22c3a9227d', ACCOUNT]]);
  });

  it('a signature that is not 0x + at least 62 hex digits is refused (spec §8)', async () => {
    for (const answer of ['0xsig', `0x${'ab'.repeat(30)}`, 42, null]) {
      const { adapter } = setup(() => answer as string);
      await expect(adapter.signMessage!('io.fake', ACCOUNT, 'hi')).rejects.toThrow('The wallet returned no valid signature.');
    }
  });

  it('a decline (4001) is a UserRejectedRequestError', async () => {
    const { adapter } = setup(() => {
      throw Object.assign(new Error('no'), { code: 4001 });
    });
    await expect(adapter.signMessage!('io.fake', ACCOUNT, 'hi')).rejects.toBeInstanceOf(UserRejectedRequestError);
  });
});
