/**
 * The key's smart account as a double (viem's side is tested on a real chain in smart-account.integration.test.ts),
 * and a page signed in with it: shared by the smart-account handler tests and the EIP-5792 tests.
 */
import { randomBytes } from 'node:crypto';
import { expect } from '@rstest/core';
import { pad, toHex, type Hex, type SignableMessage } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { OpenSmartAccount, SmartAccountCall, UserOperationOutcome } from '../src/page/smart-account';
import { framedPage, type FramedPageOptions } from './framed-page';

/** The hash of the double's n-th user operation (from 1). */
export const userOperationHash = (n: number): Hex => pad(toHex(0x0a00 + n), { size: 32 });
export const BUNDLE_HASH = `0x${'0b'.repeat(32)}` as Hex;
export const SMART_SIGNATURE = `0x${'5a'.repeat(97)}` as Hex;

/** The bundler's report of a bundled user operation: in BUNDLE_HASH, block 7, with one log of the account's call. */
export function bundled(success: boolean, extra: Partial<UserOperationOutcome> = {}): UserOperationOutcome {
  return {
    success,
    transactionHash: BUNDLE_HASH,
    blockHash: `0x${'0c'.repeat(32)}`,
    blockNumber: 7n,
    gasUsed: 90_000n,
    logs: [{ address: `0x${'0d'.repeat(20)}`, data: '0x01', topics: [`0x${'0e'.repeat(32)}`] }],
    ...extra,
  };
}

/** The key's smart account as a double: what it was asked, and the outcomes the bundler reports in turn (null: not yet). */
export function smartAccountDouble() {
  const address = privateKeyToAddress(generatePrivateKey());
  const record = {
    address,
    opened: [] as { owner: string; chainId: number; rpcUrl: string }[],
    signed: [] as SignableMessage[],
    typed: [] as unknown[],
    sent: [] as SmartAccountCall[][],
    outcomes: [] as (UserOperationOutcome | null)[],
    polls: 0,
    deployed: false,
    refusal: undefined as string | undefined,
    /** Opening fails with this (the node or the factory unreachable). */
    unreadable: undefined as string | undefined,
  };
  const open: OpenSmartAccount = async (owner, chain) => {
    record.opened.push({ owner: owner.address, chainId: chain.id, rpcUrl: chain.rpcUrl });
    if (record.unreadable) throw new Error(record.unreadable);
    return {
      address,
      isDeployed: async () => record.deployed,
      signMessage: async (message) => (record.signed.push(message), SMART_SIGNATURE),
      signTypedData: async (data) => (record.typed.push(data), SMART_SIGNATURE),
      async sendUserOperation(calls) {
        if (record.refusal) throw new Error(record.refusal);
        record.sent.push([...calls]);
        return userOperationHash(record.sent.length);
      },
      async userOperationOutcome(hash) {
        expect(Array.from({ length: record.sent.length }, (_, i) => userOperationHash(i + 1))).toContain(hash);
        record.polls += 1;
        return record.outcomes.shift() ?? null;
      },
    };
  };
  return { record, open };
}

/** A page whose operator enables smart accounts on 31337 (not on 1), signed in by email. */
export async function signedInPage(env: { apiUrl: string; siteUrl: string }, options: FramedPageOptions = {}) {
  const smart = smartAccountDouble();
  const page = framedPage(env, {
    smartAccounts: { chains: [31337], bundlerUrl: 'http://127.0.0.1:4337/rpc' },
    openSmartAccount: smart.open,
    sleep: async () => {},
    ...options,
  });
  await page.request('CONNECT_EMAIL', { email: `sa-${randomBytes(4).toString('hex')}@example.com` });
  await page.request('CONNECT_DEVICE', {});
  const user = await page.request('CONNECT_OTP', { otp: '123456' });
  expect(user.event).toBe('@portico-frame/CONNECT_OTP_SUCCESS');
  const eoa = user.payload.accounts[0].address as Hex;
  return { page, smart, user: user.payload, eoa };
}
