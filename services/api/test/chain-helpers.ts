/** anvil (from @foundry-rs/anvil) on a free port, and the test contracts (test/contracts) deployed with viem. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
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

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function anvilBinary(): { command: string; args: string[] } {
  const require = createRequire(import.meta.url);
  const pkgJson = require.resolve('@foundry-rs/anvil/package.json');
  const fromAnvil = createRequire(pkgJson);
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string];
  const os = { linux: 'linux', darwin: 'darwin', win32: 'win32' }[process.platform as string];
  if (arch && os) {
    try {
      const p = fromAnvil.resolve(`@foundry-rs/anvil-${os}-${arch}/package.json`);
      const bin = join(dirname(p), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
      if (existsSync(bin)) return { command: bin, args: [] };
    } catch {
      /* wrapper below */
    }
  }
  return { command: process.execPath, args: [join(dirname(pkgJson), 'bin.mjs')] };
}

export interface Anvil {
  rpcUrl: string;
  port: number;
  chainId: number;
  stop(): Promise<void>;
}

export async function startAnvil(chainId = 31337): Promise<Anvil> {
  const port = await freePort();
  const { command, args } = anvilBinary();
  const child: ChildProcess = spawn(command, [...args, '--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && !exited) {
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(500),
      });
      if (res.ok) {
        return {
          rpcUrl,
          port,
          chainId,
          stop: () =>
            new Promise<void>((resolve) => {
              if (exited) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        };
      }
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('anvil did not start');
}

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
