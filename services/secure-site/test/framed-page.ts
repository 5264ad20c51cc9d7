/**
 * The page's wallet behind the real frame channel (shared-state createParentChannel) with a fake parent window:
 * `request` sends an event and resolves with the frame's reply; `notifications` keeps what the frame announced.
 */
import { expect } from '@rstest/core';
import { createParentChannel, type MessageEventLike } from '@portico/shared-state/embedded';
import type { ShownApproval } from '../src/page/approvals';
import { createEmbeddedWallet, siteScopedKey, STORAGE_KEYS, type WalletDeps } from '../src/page/wallet';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { startAnvil } from '@portico/service-kit/testing';
import { startSecureSite } from '../src/server';
import { ALLOWED, PROJECT, startApiDouble } from './api-double';
import type { DeviceKeyStore } from '../src/page/device-key';

export const PARENT = 'https://shop.example';
/** Where the session of PROJECT framed by PARENT is stored. */
export const SESSION_KEY = siteScopedKey(STORAGE_KEYS.session, PROJECT, PARENT);
/** The person approves every request at once (tests of the approval itself pass their own). */
export const approveAtOnce = (approval: ShownApproval) => void approval.approve();

export function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

/** The device key store (IndexedDB in the browser), in memory. */
export function memoryKeyStore(): DeviceKeyStore {
  let kept: CryptoKeyPair | undefined;
  return { get: async () => kept, put: async (pair) => void (kept = pair) };
}

/** As a browser does: fetches from this site's pages to it carry its Origin. */
export const siteFetch =
  (siteUrl: string): typeof fetch =>
  (input, init) =>
    fetch(input, String(input).startsWith(siteUrl) ? { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: siteUrl } } : init);

export type FramedPageOptions = Partial<Omit<WalletDeps, 'storage'>> & { storage?: ReturnType<typeof memoryStorage> };

export function framedPage(env: { apiUrl: string; siteUrl: string }, options: FramedPageOptions = {}) {
  const storage = options.storage ?? memoryStorage();
  const deviceKeys = options.deviceKeys ?? memoryKeyStore();
  const notifications: { event: string; payload: any }[] = [];
  let channel: ReturnType<typeof createParentChannel> | undefined;
  const wallet = createEmbeddedWallet({
    apiUrl: env.apiUrl,
    projectId: PROJECT,
    chainId: 31337,
    siteUrl: env.siteUrl,
    fetch: siteFetch(env.siteUrl),
    parentOrigin: PARENT,
    showApproval: approveAtOnce,
    onApprovalsIdle: () => channel?.notify('APPROVAL_HIDDEN', {}),
    // As src/page/main.ts wires them.
    onChainChanged: (chainId) => channel?.notify('CHAIN_CHANGED', { chainId }),
    onAccountsChanged: (accounts) => channel?.notify('ACCOUNTS_CHANGED', { accounts }),
    ...options,
    storage,
    deviceKeys,
  });
  const listeners = new Set<(e: MessageEventLike) => void>();
  const pending = new Map<string, (msg: { event: string; payload: any }) => void>();
  const parent = {
    postMessage(message: any, targetOrigin: string) {
      expect(targetOrigin).toBe(PARENT);
      const waiting = pending.get(message.id);
      if (waiting) waiting(message);
      else notifications.push({ event: message.event, payload: message.payload });
    },
  };
  channel = createParentChannel({
    parentWindow: parent,
    parentOrigin: PARENT,
    allowedOrigins: ALLOWED,
    listenTarget: { addEventListener: (_t, l) => listeners.add(l), removeEventListener: (_t, l) => listeners.delete(l) },
    handlers: wallet.handlers,
  });
  let ids = 0;
  const request = (name: string, payload: unknown) =>
    new Promise<{ event: string; payload: any }>((resolve) => {
      const id = `req${String(ids++).padStart(8, '0')}`;
      pending.set(id, resolve);
      for (const l of listeners) l({ origin: PARENT, source: parent, data: { type: 'portico:embedded', id, event: `@portico-app/${name}`, payload } });
    });
  return { request, storage, deviceKeys, channel, wallet, notifications };
}

/** An EIP-1193 provider over the page's RPC_REQUEST (as the modal's provider forwards it), for viem's wallet actions. */
export function pageProvider(page: ReturnType<typeof framedPage>) {
  return {
    async request({ method, params }: { method: string; params?: unknown }) {
      const reply = await page.request('RPC_REQUEST', { method, ...(params !== undefined && { params }) });
      if (reply.event.endsWith('_ERROR')) throw Object.assign(new Error(reply.payload.message), { code: reply.payload.code });
      return reply.payload.result;
    },
  };
}

/** The secure site over the API double, whose RPC proxy forwards to a real anvil: for the tests that send on chain. */
export async function siteOnAnvil() {
  const anvil = await startAnvil();
  const api = await startApiDouble();
  api.state.rpcNodeUrl = anvil.rpcUrl;
  const site = await startSecureSite({ port: 0, apiUrl: api.url, key: randomBytes(32).toString('hex'), distDir: tmpdir() });
  return {
    anvil,
    api,
    site,
    async stop() {
      await site.close();
      await api.close();
      await anvil.stop();
    },
  };
}
