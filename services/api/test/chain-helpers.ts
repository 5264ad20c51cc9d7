/** anvil on a free port (the service kit's), and the test contracts (test/contracts) deployed with viem. */
import { readFileSync } from 'node:fs';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/** anvil's default dev accounts #0–#4 (the well-known test mnemonic). */
const MNEMONIC = 'test test test test test test test test test test test junk';
export const ACCOUNTS = [0, 1, 2, 3, 4].map((i) => mnemonicToAccount(MNEMONIC, { addressIndex: i }));

import type { TestAnvil as Anvil } from '@portico/service-kit/testing';

export { freePort, startAnvil } from '@portico/service-kit/testing';
export type { Anvil };

type Artifact = { abi: Abi; bytecode: Hex };
export const artifacts = JSON.parse(readFileSync(new URL('./contracts/artifacts.json', import.meta.url), 'utf8')).contracts as Record<
  'TestERC20' | 'TestERC721' | 'TestERC1155',
  Artifact
>;

export function clients(anvil: Anvil) {
  const chain = defineChain({
    id: anvil.chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl) }) as PublicClient;
  const wallet = (i: number) => createWalletClient({ account: ACCOUNTS[i]!, chain, transport: http(anvil.rpcUrl) });
  return { chain, publicClient, wallet };
}

export async function deploy(anvil: Anvil, name: keyof typeof artifacts, args: unknown[], from = 0): Promise<Address> {
  const { publicClient, wallet } = clients(anvil);
  const a = artifacts[name];
  const hash = await wallet(from).deployContract({ abi: a.abi, bytecode: a.bytecode, args });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (!receipt.contractAddress) throw new Error(`deploy ${name} failed`);
  return getAddress(receipt.contractAddress);
}

export async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const json = (await res.json()) as { result?: T; error?: { message: string } };
  if (json.error) throw new Error(json.error.message);
  return json.result as T;
}
