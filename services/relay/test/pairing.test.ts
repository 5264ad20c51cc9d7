import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils';
import { toHex, verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEFAULT_LIMITS, startRelay, type RelayHandle } from '../src/relay';
import {
  ANVIL_ADDRESS,
  ANVIL_KEY,
  createDapp,
  createUniversalDapp,
  createSignWallet,
  createWalletKit,
  guardFetch,
  outbound,
  shutdown,
  waitFor,
} from './helpers';

const CHAIN = 'eip155:31337';
const account = privateKeyToAccount(ANVIL_KEY);
const supportedNamespaces = {
  eip155: {
    chains: [CHAIN],
    methods: ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4'],
    events: ['accountsChanged', 'chainChanged'],
    accounts: [`${CHAIN}:${ANVIL_ADDRESS}`],
  },
};
const requested = { eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] } };

let relay: RelayHandle;
const relayLog: string[] = [];
beforeAll(async () => {
  guardFetch();
  relay = await startRelay({
    port: 0,
    logLevel: 'debug',
    logWrite: (line) => {
      relayLog.push(line);
      if (process.env.RELAY_LOG) process.stderr.write(line + '\n');
    },
  });
});
afterAll(async () => {
  await relay?.close();
});

describe('pairing with the published clients', () => {
  it('uses the real anvil account #0', () => {
    expect(account.address).toBe(ANVIL_ADDRESS);
  });

  it('SignClient dapp + WalletKit wallet: pair, settle, personal_sign, disconnect', async () => {
    const t0 = performance.now();
    const outboundBefore = outbound.length;
    const dapp = await createDapp(relay.url);
    const { wallet, core } = await createWalletKit(relay.url);
    try {
      wallet.on('session_proposal', async ({ id, params }) => {
        const namespaces = buildApprovedNamespaces({ proposal: params, supportedNamespaces });
        await wallet.approveSession({ id, namespaces });
      });
      wallet.on('session_request', async ({ topic, id, params }) => {
        expect(params.request.method).toBe('personal_sign');
        const [data, address] = params.request.params as [`0x${string}`, string];
        expect(address.toLowerCase()).toBe(ANVIL_ADDRESS.toLowerCase());
        const signature = await account.signMessage({ message: { raw: data } });
        await wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: signature } });
      });

      const { uri, approval } = await dapp.connect({ optionalNamespaces: requested });
      expect(uri).toMatch(/^wc:/);
      await wallet.pair({ uri: uri! });
      const session = await approval();
      expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${ANVIL_ADDRESS}`]);
      await waitFor(() => Object.keys(wallet.getActiveSessions()).includes(session.topic), 5000, 'wallet session');

      const message = 'Portico says hello';
      const signature = (await dapp.request({
        topic: session.topic,
        chainId: CHAIN,
        request: { method: 'personal_sign', params: [toHex(message), ANVIL_ADDRESS] },
      })) as `0x${string}`;
      expect(await verifyMessage({ address: ANVIL_ADDRESS, message, signature })).toBe(true);

      const deleted = new Promise<{ topic: string }>((resolve) => wallet.on('session_delete', resolve));
      await dapp.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') });
      expect((await deleted).topic).toBe(session.topic);
      expect(outbound.slice(outboundBefore)).toEqual([]);
      console.log(`walletkit flow: ${Math.round(performance.now() - t0)} ms`);
    } finally {
      await shutdown(dapp, core);
    }
  });

  it('SignClient dapp + SignClient wallet: pair, settle, personal_sign, disconnect, no HTTP at all', async () => {
    const outboundBefore = outbound.length;
    const dapp = await createDapp(relay.url);
    const wallet = await createSignWallet(relay.url);
    try {
      wallet.on('session_proposal', async ({ id, params }) => {
        const namespaces = buildApprovedNamespaces({ proposal: params, supportedNamespaces });
        await wallet.approve({ id, namespaces });
      });
      wallet.on('session_request', async ({ topic, id, params }) => {
        const [data] = params.request.params as [`0x${string}`, string];
        const signature = await account.signMessage({ message: { raw: data } });
        await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } });
      });
      const { uri, approval } = await dapp.connect({ optionalNamespaces: requested });
      await wallet.pair({ uri: uri! });
      const session = await approval();
      const message = 'second flow';
      const signature = (await dapp.request({
        topic: session.topic,
        chainId: CHAIN,
        request: { method: 'personal_sign', params: [toHex(message), ANVIL_ADDRESS] },
      })) as `0x${string}`;
      expect(await verifyMessage({ address: ANVIL_ADDRESS, message, signature })).toBe(true);
      const deleted = new Promise<{ topic: string }>((resolve) => wallet.on('session_delete', resolve));
      await dapp.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') });
      expect((await deleted).topic).toBe(session.topic);
      expect(outbound.slice(outboundBefore)).toEqual([]);
    } finally {
      await shutdown(dapp, wallet);
    }
  });

  it('wallet rejects the proposal: the dapp approval promise rejects', async () => {
    const dapp = await createDapp(relay.url);
    const { wallet, core } = await createWalletKit(relay.url);
    try {
      wallet.on('session_proposal', async ({ id }) => {
        await wallet.rejectSession({ id, reason: getSdkError('USER_REJECTED') });
      });
      const { uri, approval } = await dapp.connect({ optionalNamespaces: requested });
      await wallet.pair({ uri: uri! });
      await expect(approval()).rejects.toMatchObject({ code: getSdkError('USER_REJECTED').code });
    } finally {
      await shutdown(dapp, core);
    }
  });

  it('UniversalProvider dapp + SignClient wallet: connect, personal_sign, wallet-side disconnect', async () => {
    const outboundBefore = outbound.length;
    const provider = await createUniversalDapp(relay.url);
    const wallet = await createSignWallet(relay.url);
    try {
      wallet.on('session_proposal', async ({ id, params }) => {
        await wallet.approve({ id, namespaces: buildApprovedNamespaces({ proposal: params, supportedNamespaces }) });
      });
      wallet.on('session_request', async ({ topic, id, params }) => {
        const [data] = params.request.params as [`0x${string}`, string];
        await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: await account.signMessage({ message: { raw: data } }) } });
      });
      provider.on('display_uri', (uri: string) => void wallet.pair({ uri }));
      const session = await provider.connect({
        optionalNamespaces: { eip155: { ...requested.eip155, rpcMap: { 31337: 'http://127.0.0.1:8545' } } },
      });
      expect(session?.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${ANVIL_ADDRESS}`]);
      const message = 'from the universal provider';
      const signature = await provider.request<`0x${string}`>({ method: 'personal_sign', params: [toHex(message), ANVIL_ADDRESS] }, CHAIN);
      expect(await verifyMessage({ address: ANVIL_ADDRESS, message, signature })).toBe(true);
      const gone = new Promise((resolve) => provider.on('session_delete', resolve));
      await wallet.disconnect({ topic: session!.topic, reason: getSdkError('USER_DISCONNECTED') });
      await gone;
      expect(outbound.slice(outboundBefore)).toEqual([]);
    } finally {
      await shutdown(provider.client, wallet);
    }
  });

  it('reconnect: sockets dropped by the relay come back, re-subscribe, and requests still flow', async () => {
    const dapp = await createDapp(relay.url);
    const wallet = await createSignWallet(relay.url);
    try {
      wallet.on('session_proposal', async ({ id, params }) => {
        await wallet.approve({ id, namespaces: buildApprovedNamespaces({ proposal: params, supportedNamespaces }) });
      });
      wallet.on('session_request', async ({ topic, id, params }) => {
        const [data] = params.request.params as [`0x${string}`, string];
        await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: await account.signMessage({ message: { raw: data } }) } });
      });
      const { uri, approval } = await dapp.connect({ optionalNamespaces: requested });
      await wallet.pair({ uri: uri! });
      const session = await approval();
      const before = relay.stats().connections;
      expect(before).toBe(2);
      const logMark = relayLog.length;
      expect(relay.dropConnections()).toBe(before);
      const t0 = performance.now();
      await waitFor(() => relay.stats().connections === 0, 5000, 'drop');
      await waitFor(() => relay.stats().connections === before && dapp.core.relayer.connected && wallet.core.relayer.connected, 10_000, 'reconnect');
      const reconnectMs = Math.round(performance.now() - t0);
      // both clients restore their subscriptions with irn_batchSubscribe
      await waitFor(() => relayLog.slice(logMark).filter((l) => l.includes(' irn_batchSubscribe ')).length >= 2, 5000, 'irn_batchSubscribe x2');
      const message = 'after reconnect';
      const signature = (await dapp.request({
        topic: session.topic,
        chainId: CHAIN,
        request: { method: 'personal_sign', params: [toHex(message), ANVIL_ADDRESS] },
      })) as `0x${string}`;
      expect(await verifyMessage({ address: ANVIL_ADDRESS, message, signature })).toBe(true);
      console.log(`reconnect after relay drop: ${reconnectMs} ms`);
    } finally {
      await shutdown(dapp, wallet);
    }
  });

  it('an oversized publish from the published client gets the relay\'s -32005 under its own id, and its socket stays', async () => {
    // Before: the reply had id null; the client threw reading it (`e.id.toString()`), got no answer and re-published after each reconnect.
    const dapp = await createDapp(relay.url);
    try {
      const id = '1712345678901234567';
      const message = 'x'.repeat(DEFAULT_LIMITS.maxMessageBytes);
      const stored = relay.stats().storedMessages;
      const publish = dapp.core.relayer.request({ id, jsonrpc: '2.0', method: 'irn_publish', params: { topic: randomBytes(32).toString('hex'), message, ttl: 300, tag: 1108 } } as never);
      await expect(publish).rejects.toMatchObject({ code: -32005, message: expect.stringMatching(/^limit exceeded: message of \d+ bytes \(max 524288\)$/) });
      const logged = relayLog.length;
      await new Promise((r) => setTimeout(r, 300));
      expect(dapp.core.relayer.connected).toBe(true);
      expect(relayLog.slice(logged).filter((line) => / disconnect | connect /.test(line))).toEqual([]);
      expect(relay.stats().storedMessages).toBe(stored);
    } finally {
      await shutdown(dapp);
    }
  });

  it('WalletKit without the eventClient patch still tries to POST telemetry (documents the leak)', async () => {
    const outboundBefore = outbound.length;
    const { core } = await createWalletKit(relay.url, { stopTelemetry: false });
    try {
      await new Promise((r) => setTimeout(r, 300));
      const tried = outbound.slice(outboundBefore);
      console.log(`WalletKit with telemetryEnabled:false tried: ${JSON.stringify(tried)}`);
      expect(tried.some((u) => u.startsWith('https://pulse.walletconnect.org/'))).toBe(true);
    } finally {
      await shutdown(core);
    }
  });
});
