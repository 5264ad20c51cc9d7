/**
 * Sign-in with contract accounts (issue 10): a deployed ERC-1271 wallet and an undeployed one whose
 * signature is ERC-6492 wrapped (factory + deploy call). The API verifies both through the chain's
 * node with viem; the wallet's owner key signs the EIP-191 hash, which the wallet checks with ecrecover.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import {
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  hashMessage,
  serializeErc6492Signature,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import solc from 'solc';
import type { RunningApi } from '../src/server';
import { clients, startAnvil, type Anvil } from './chain-helpers';
import { getJson, PROJECT, start } from './helpers';

const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract OwnedWallet {
  address public owner;
  constructor(address o) { owner = o; }
  function isValidSignature(bytes32 hash, bytes calldata sig) external view returns (bytes4) {
    if (sig.length != 65) return 0xffffffff;
    bytes32 r; bytes32 s; uint8 v;
    assembly { r := calldataload(sig.offset) s := calldataload(add(sig.offset, 32)) v := byte(0, calldataload(add(sig.offset, 64))) }
    return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
  }
}
contract WalletFactory {
  function deploy(address o, bytes32 salt) external returns (address) { return address(new OwnedWallet{salt: salt}(o)); }
}`;

type Artifact = { abi: Abi; bytecode: Hex };
function compile(): Record<'OwnedWallet' | 'WalletFactory', Artifact> {
  const input = { language: 'Solidity', sources: { 'w.sol': { content: SOURCE } }, settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length) throw new Error(JSON.stringify(errors));
  const pick = (name: string): Artifact => ({ abi: out.contracts['w.sol'][name].abi, bytecode: `0x${out.contracts['w.sol'][name].evm.bytecode.object}` });
  return { OwnedWallet: pick('OwnedWallet'), WalletFactory: pick('WalletFactory') };
}

// Anvil's dev key #6: the wallets' owner (it holds no ether and sends nothing; anvil #0 deploys).
const owner = privateKeyToAccount('0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e');
const CHAIN_ID = 31337;
const PAGE = 'http://127.0.0.1:3000';

let anvil: Anvil;
let api: RunningApi;
let artifacts: ReturnType<typeof compile>;

beforeAll(async () => {
  artifacts = compile();
  anvil = await startAnvil(CHAIN_ID);
  api = await start({
    development: true,
    indexer: { enabled: false },
    chains: [{ caipNetworkId: `eip155:${CHAIN_ID}`, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
  });
});
afterAll(async () => {
  await api?.close();
  await anvil?.stop();
});

async function deploy(artifact: Artifact, args: unknown[]): Promise<Address> {
  const { publicClient, wallet } = clients(anvil);
  const hash = await wallet(0).deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
  const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return getAddress(contractAddress!);
}

const post = (path: string, body: unknown) =>
  getJson(`${api.url}${path}?projectId=${PROJECT}`, { method: 'POST', headers: { 'content-type': 'application/json', Origin: PAGE }, body: JSON.stringify(body) });

async function message(address: Address): Promise<string> {
  const { nonce } = (await post('/v1/sessions/nonce', {})).body;
  return createSiweMessage({ address, chainId: CHAIN_ID, domain: new URL(PAGE).host, uri: PAGE, version: '1', nonce, issuedAt: new Date() });
}
/** What the wallet contract checks: the owner's raw signature over the EIP-191 hash. */
const ownerSignature = (text: string) => owner.sign({ hash: hashMessage(text) });

describe('contract accounts', () => {
  test('a deployed ERC-1271 wallet signs in and revokes; a stranger\'s signature for it is refused', async () => {
    const wallet = await deploy(artifacts.OwnedWallet, [owner.address]);
    const text = await message(wallet);
    const stranger = privateKeyToAccount('0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6');
    expect(await post('/v1/sessions', { message: text, signature: await stranger.sign({ hash: hashMessage(text) }) })).toMatchObject({
      status: 401,
      body: { error: 'Invalid signature' },
    });
    const created = await post('/v1/sessions', { message: text, signature: await ownerSignature(text) });
    expect(created.status).toBe(201);
    expect(created.body.session.account).toBe(`eip155:${CHAIN_ID}:${wallet}`);

    const id = created.body.session.id;
    const revoked = await post(`/v1/sessions/${wallet}/revoke`, { pci: id, signature: await ownerSignature(`Revoke Portico session ${id}`) });
    expect(revoked).toMatchObject({ status: 200, body: { id } });
  });

  test('an undeployed wallet signs in with an ERC-6492 signature (factory + deploy call)', async () => {
    const factory = await deploy(artifacts.WalletFactory, []);
    const salt = `0x${'11'.repeat(32)}` as Hex;
    const wallet = getContractAddress({
      opcode: 'CREATE2',
      from: factory,
      salt,
      bytecode: encodeDeployData({ abi: artifacts.OwnedWallet.abi, bytecode: artifacts.OwnedWallet.bytecode, args: [owner.address] }),
    });
    expect(await clients(anvil).publicClient.getCode({ address: wallet })).toBeUndefined();
    const text = await message(wallet);
    const signature = serializeErc6492Signature({
      address: factory,
      data: encodeFunctionData({ abi: artifacts.WalletFactory.abi, functionName: 'deploy', args: [owner.address, salt] }),
      signature: await ownerSignature(text),
    });
    const created = await post('/v1/sessions', { message: text, signature });
    expect(created.status).toBe(201);
    expect(created.body.session.data.accountAddress).toBe(wallet);
  });
});
