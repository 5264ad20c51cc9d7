// The relay with the devchain's Farcaster registries on a real anvil (as `pnpm demo` runs it): a sign-in by a
// test account's auth address goes through the relay, the completed channel carries the fid's custody from the
// IdRegistry, and the app's verifySignInMessage with the auth client's defaults accepts it (the KeyRegistry's
// `keyDataOf` is read first; relay.test.ts covers the relay itself with a JSON-RPC double).
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createAppClient, createWalletClient, viemConnector } from '@farcaster/auth-client';
import { deployDevchain, FARCASTER_TEST_ACCOUNTS } from '@portico/devchain';
import { startAnvil, type TestAnvil as Anvil } from '@portico/service-kit/testing';
import { privateKeyToAccount } from 'viem/accounts';
import { DEFAULT_AUTH_KEY, startFarcasterRelay, type RunningFarcasterRelay } from '../src/server';

let anvil: Anvil;
let relay: RunningFarcasterRelay;
beforeAll(async () => {
  anvil = await startAnvil();
  await deployDevchain({ rpcUrl: anvil.rpcUrl });
  relay = await startFarcasterRelay({ port: 0, rpcUrl: anvil.rpcUrl });
});
afterAll(async () => {
  await relay?.stop();
  await anvil?.stop();
});

describe('Sign In With Farcaster by an auth address, on the devchain', () => {
  it('completes through the relay with the fid’s custody, and verifies with the auth client’s defaults', async () => {
    const ethereum = viemConnector({ rpcUrl: anvil.rpcUrl });
    const app = createAppClient({ relay: relay.url, ethereum });
    const farcasterApp = createWalletClient({ relay: relay.url, ethereum });
    const bob = FARCASTER_TEST_ACCOUNTS[1]!;
    const signer = privateKeyToAccount(bob.authKey);

    const created = await app.createChannel({ siweUri: 'http://127.0.0.1:3010', domain: '127.0.0.1:3010' });
    if (created.isError) throw created.error;
    const { channelToken, nonce } = created.data;
    const built = farcasterApp.buildSignInMessage({ address: signer.address, fid: bob.fid, uri: 'http://127.0.0.1:3010', domain: '127.0.0.1:3010', nonce });
    if (built.isError) throw built.error;
    const signature = await signer.signMessage({ message: built.message });
    const authenticated = await farcasterApp.authenticate({
      authKey: DEFAULT_AUTH_KEY,
      channelToken,
      message: built.message,
      signature,
      fid: bob.fid,
      authMethod: 'authAddress',
      username: bob.username,
      bio: '',
      displayName: '',
      pfpUrl: 'https://example.com/pfp.png',
    });
    if (authenticated.isError) throw authenticated.error;

    const status = await app.status({ channelToken });
    if (status.isError) throw status.error;
    expect(status.data).toMatchObject({ state: 'completed', fid: bob.fid, authMethod: 'authAddress', custody: bob.custodyAddress.toLowerCase() });
    const verified = await app.verifySignInMessage({ nonce, domain: '127.0.0.1:3010', message: status.data.message!, signature: status.data.signature! });
    expect(verified).toMatchObject({ isError: false, success: true, fid: bob.fid, authMethod: 'authAddress' });
    expect(verified.data.address).toBe(signer.address);
  });
});
