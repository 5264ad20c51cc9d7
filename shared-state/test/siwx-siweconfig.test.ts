import { describe, expect, it } from '@rstest/core';
import { ACCOUNT, CHAIN, FakeAdapter, fakeWalletConnector } from '@portico/test-kit';
import { verifyMessage, type Hex } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { InvalidOptionsError } from '../src/errors';
import { createDefaultSiwx, mapSiweConfig, resolveSiwxOption, SiwxConfigConflictError, type SIWEConfig, type SIWECreateMessageArgs, type SIWESession } from '../src/siwx';
import { createMemoryStorage } from '../src/storage';

const NOW = Date.parse('2026-11-24T09:00:00.000Z');

/** A site's legacy SIWE setup: its own nonce, message text, verification and session (here in memory). */
function legacySite(overrides: Partial<SIWEConfig> = {}) {
  const calls = { nonces: [] as Array<string | undefined>, messages: [] as SIWECreateMessageArgs[], signIns: [] as Array<SIWESession | undefined>, signOuts: 0 };
  let session: SIWESession | null = null;
  const config: SIWEConfig = {
    getMessageParams: async () => ({ domain: 'legacy.example', uri: 'https://legacy.example', statement: 'Sign in to Legacy', resources: ['https://legacy.example/tos'], expiry: 3600 }),
    getNonce: async (address) => (calls.nonces.push(address), 'legacyNonce42'),
    createMessage: (args) => {
      calls.messages.push(args);
      const address = args.address.split(':').at(-1) as Hex;
      return createSiweMessage({ ...args, address, issuedAt: args.iat ? new Date(args.iat) : undefined, expirationTime: args.exp ? new Date(args.exp) : undefined });
    },
    verifyMessage: async ({ message, signature }) => {
      const address = /account:\n(0x[0-9a-fA-F]{40})/.exec(message)![1] as Hex;
      const ok = await verifyMessage({ address, message, signature: signature as Hex });
      if (ok) session = { address, chainId: Number(/Chain ID: (\d+)/.exec(message)![1]) };
      return ok;
    },
    getSession: async () => session,
    signOut: async () => ((session = null), true),
    onSignIn: (signedIn) => calls.signIns.push(signedIn),
    onSignOut: () => calls.signOuts++,
    ...overrides,
  };
  return { config, calls };
}

describe('siweConfig (legacy) mapped onto SIWX', () => {
  it('setting both siweConfig and siwx is an error (spec section 5); either alone is the sign-in', () => {
    const siwx = createDefaultSiwx({ storage: createMemoryStorage(), uri: 'https://dapp.example' });
    const { config } = legacySite();
    const both = () => resolveSiwxOption({ siwx, siweConfig: config });
    expect(both).toThrow(SiwxConfigConflictError);
    expect(both).toThrow(InvalidOptionsError);
    expect(both).toThrow('Invalid Portico option `siwx`: setting both siweConfig and siwx is an error');
    expect(resolveSiwxOption({ siwx })).toBe(siwx);
    expect(resolveSiwxOption({ siweConfig: config })?.createMessage).toBeTypeOf('function');
    expect(resolveSiwxOption({})).toBeUndefined();
    expect(resolveSiwxOption({ siweConfig: { ...config, enabled: false } })).toBeUndefined();
  });

  it('signs in through the site’s callbacks: its nonce and text, verifyMessage, onSignIn, getSession', async () => {
    const { config, calls } = legacySite();
    const siwx = mapSiweConfig(config, () => NOW)!;
    const message = await siwx.createMessage({ chainId: CHAIN, accountAddress: ACCOUNT });

    expect(calls.nonces).toEqual([ACCOUNT]);
    expect(calls.messages[0]).toMatchObject({
      address: `did:pkh:${CHAIN}:${ACCOUNT}`,
      chainId: 31337,
      domain: 'legacy.example',
      uri: 'https://legacy.example',
      nonce: 'legacyNonce42',
      version: '1',
      statement: 'Sign in to Legacy',
      resources: ['https://legacy.example/tos'],
      iat: '2026-11-24T09:00:00.000Z',
      exp: '2026-11-24T10:00:00.000Z',
    });
    expect(message).toMatchObject({ domain: 'legacy.example', nonce: 'legacyNonce42', expirationTime: '2026-11-24T10:00:00.000Z' });
    const text = message.toString();
    expect(text).toContain(`legacy.example wants you to sign in with your Ethereum account:\n${ACCOUNT}`);

    const signature = await new FakeAdapter().signMessage(fakeWalletConnector.id, ACCOUNT, text);
    await siwx.addSession({ data: message, message: text, signature });
    expect(calls.signIns).toEqual([{ address: ACCOUNT, chainId: 31337 }]);
    expect(await siwx.getSessions(CHAIN, ACCOUNT.toLowerCase())).toEqual([expect.objectContaining({ data: expect.objectContaining({ accountAddress: ACCOUNT, chainId: CHAIN }) })]);
    expect(await siwx.getSessions('eip155:1', ACCOUNT)).toEqual([]);

    const otherSignature = await new FakeAdapter().signMessage(fakeWalletConnector.id, ACCOUNT, 'something else');
    await expect(siwx.addSession({ data: message, message: text, signature: otherSignature })).rejects.toThrow('Invalid signature');
  });

  it('signing out calls signOut and onSignOut; a failed signOut is an error; required and signOutOnDisconnect carry over', async () => {
    const { config, calls } = legacySite({ required: true, signOutOnDisconnect: false });
    const siwx = mapSiweConfig(config)!;
    await siwx.setSessions([]);
    expect(calls.signOuts).toBe(1);
    expect(siwx.getRequired?.()).toBe(true);
    expect(siwx.signOutOnDisconnect).toBe(false);
    expect(mapSiweConfig(legacySite().config)!.signOutOnDisconnect).toBe(true);

    const failing = mapSiweConfig(legacySite({ signOut: async () => false }).config)!;
    await expect(failing.revokeSession(CHAIN, ACCOUNT)).rejects.toThrow('Failed to sign out');
  });
});
