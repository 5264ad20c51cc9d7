/**
 * Sign In With Farcaster tests: the API in development mode against the real local relay
 * (`services/farcaster-relay`, its CLI as scripts/services.mjs starts it, on a free port) and anvil with
 * `@portico/devchain` deployed (Farcaster's IdRegistry and KeyRegistry at their canonical addresses, the test accounts), and a
 * "Farcaster app" that reads the sign-in URI, builds the SIWF message with @farcaster/auth-client's wallet
 * client, signs it with a custody or auth-address key and authenticates on the relay.
 */
import { afterAll } from '@rstest/core';
import { createWalletClient, viemConnector } from '@farcaster/auth-client';
import { deployDevchain } from '@portico/devchain';
import { runServiceCli } from '@portico/service-kit/testing';
import { privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import type { FarcasterOptions } from '../src/auth/farcaster-config';
import type { StartApiOptions } from '../src/server';
import { DEVICE_KEY, newDevice, useAuthApi, type AuthApi, type DeviceKey } from './auth-helpers';
import { startAnvil, type Anvil } from './chain-helpers';

/** The relay's key for /authenticate in these tests (the Farcaster app's secret). */
export const RELAY_AUTH_KEY = 'api-tests-farcaster-app-key';

export interface RelayProcess {
  url: string;
  stop(): Promise<void>;
}

/** The relay as its CLI (as scripts/services.mjs starts it), on a free port, with this file's auth key. */
export async function startRelayProcess(): Promise<RelayProcess> {
  const cli = runServiceCli(new URL('../../farcaster-relay/', import.meta.url), { PORT: '0', PORTICO_FARCASTER_RELAY_AUTH_KEY: RELAY_AUTH_KEY });
  const [, url] = await cli.waitForStdout(/^FARCASTER RELAY {2}(http:\/\/\S+)/m, 30_000);
  return {
    url: url!,
    async stop() {
      await cli.stop();
    },
  };
}

/**
 * What the Farcaster app does with the URI the modal shows: sign as `signerKey` (the account's custody key or the key
 * of one of its auth addresses) claiming `fid`, and authenticate on the relay.
 */
export async function approveInFarcasterApp(
  relayUrl: string,
  uri: string,
  input: { fid: number; signerKey: Hex; username?: string; nonce?: string; domain?: string },
): Promise<void> {
  const wallet = createWalletClient({ relay: relayUrl, ethereum: viemConnector({ rpcUrl: 'http://127.0.0.1:9' }) });
  const parsed = wallet.parseSignInURI({ uri });
  if (parsed.isError) throw parsed.error;
  const q = new URL(uri).searchParams;
  const signer = privateKeyToAccount(input.signerKey);
  const built = wallet.buildSignInMessage({
    address: signer.address,
    fid: input.fid,
    uri: q.get('siweUri')!,
    domain: input.domain ?? q.get('domain')!,
    nonce: input.nonce ?? q.get('nonce')!,
    expirationTime: new Date(q.get('expirationTime')!),
  });
  if (built.isError) throw built.error;
  const signature = await signer.signMessage({ message: built.message });
  const auth = await wallet.authenticate({
    authKey: RELAY_AUTH_KEY,
    channelToken: parsed.channelToken,
    message: built.message,
    signature,
    fid: input.fid,
    ...(input.username ? { username: input.username } : {}),
  });
  if (auth.isError || auth.response.status !== 201) throw new Error(`relay authenticate: ${auth.isError ? auth.error?.message : JSON.stringify(auth.data)}`);
}

export type FarcasterInit = { projectId?: string; origin?: string | null; deviceKey?: DeviceKey };

export interface FarcasterApi extends AuthApi {
  relay: RelayProcess;
  anvil: Anvil;
  /** The frame's start: `{ deviceId, deviceKey }` (DEVICE_KEY unless `init.deviceKey`). */
  start(deviceId?: string, init?: FarcasterInit): Promise<{ status: number; body: any; deviceId: string }>;
  /** The frame's poll: `{ channelToken, deviceId, deviceKey }` (DEVICE_KEY unless `init.deviceKey`). */
  result(channelToken: string, deviceId: string, init?: FarcasterInit): Promise<{ status: number; body: any }>;
}

/**
 * anvil with the devchain (IdRegistry), the relay process, and the API (development mode) pointed at both,
 * for the test file. `farcaster` options are added (limits).
 */
export function useFarcasterApi(farcaster: Omit<FarcasterOptions, 'relayUrl' | 'rpcUrl'> = {}, api: StartApiOptions = {}): FarcasterApi {
  const t = {} as FarcasterApi;
  const auth = useAuthApi(async () => {
    [t.anvil, t.relay] = await Promise.all([startAnvil(), startRelayProcess()]);
    await deployDevchain({ rpcUrl: t.anvil.rpcUrl });
    return { ...api, farcaster: { relayUrl: t.relay.url, rpcUrl: t.anvil.rpcUrl, ...farcaster } };
  });
  afterAll(async () => {
    await Promise.all([t.relay?.stop(), t.anvil?.stop()]);
  });
  Object.defineProperties(t, {
    api: { get: () => auth.api },
    sink: { get: () => auth.sink },
    client: { get: () => auth.client },
  });
  const post = (path: string, body: unknown, init: FarcasterInit) => auth.client.post(path, body, init) as Promise<{ status: number; body: any }>;
  t.start = async (deviceId = newDevice(), { deviceKey = DEVICE_KEY, ...init } = {}) => ({ ...(await post('/v1/auth/farcaster/start', { deviceId, deviceKey }, init)), deviceId });
  t.result = (channelToken, deviceId, { deviceKey = DEVICE_KEY, ...init } = {}) => post('/v1/auth/farcaster/result', { channelToken, deviceId, deviceKey }, init);
  return t;
}
