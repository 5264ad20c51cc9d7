/**
 * Sign-in and name registration with contract accounts (issues 10, 12): a deployed ERC-1271 wallet and
 * an undeployed one whose signature is ERC-6492 wrapped (factory + deploy call). The API verifies both
 * through the chain's node with viem; the wallet's owner key signs the EIP-191 hash, which the wallet
 * checks with ecrecover.
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
import { clients, freePort, startAnvil, type Anvil } from './chain-helpers';
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
/** A configured chain whose node is down (nothing listens on its port). */
const UNREACHABLE_CHAIN_ID = 31338;
const PAGE = 'http://127.0.0.1:3000';

let anvil: Anvil;
let api: RunningApi;
let artifacts: ReturnType<typeof compile>;

beforeAll(async () => {
  artifacts = compile();
  anvil = await startAnvil({ chainId: CHAIN_ID });
  const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 };
  api = await start({
    development: true,
    indexer: { enabled: false },
    rpcTimeoutMs: 2000,
    chains: [
      { caipNetworkId: `eip155:${CHAIN_ID}`, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency },
      { caipNetworkId: `eip155:${UNREACHABLE_CHAIN_ID}`, name: 'Down', rpcUrl: `http://127.0.0.1:${await freePort()}`, nativeCurrency },
    ],
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

async function message(address: Address, chainId = CHAIN_ID): Promise<string> {
  const { nonce } = (await post('/v1/sessions/nonce', {})).body;
  return createSiweMessage({ address, chainId, domain: new URL(PAGE).host, uri: PAGE, version: '1', nonce, issuedAt: new Date() });
}
/** What the wallet contract checks: the owner's raw signature over the EIP-191 hash. */
const ownerSignature = (text: string) => owner.sign({ hash: hashMessage(text) });

async function deployWallet(): Promise<Address> {
  return deploy(artifacts.OwnedWallet, [owner.address]);
}

/** An undeployed wallet's address and its ERC-6492 wrapping (the factory call that would deploy it). */
async function counterfactualWallet(saltByte: string) {
  const factory = await deploy(artifacts.WalletFactory, []);
  const salt = `0x${saltByte.repeat(32)}` as Hex;
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: factory,
    salt,
    bytecode: encodeDeployData({ abi: artifacts.OwnedWallet.abi, bytecode: artifacts.OwnedWallet.bytecode, args: [owner.address] }),
  });
  const wrap = (signature: Hex) =>
    serializeErc6492Signature({ address: factory, data: encodeFunctionData({ abi: artifacts.WalletFactory.abi, functionName: 'deploy', args: [owner.address, salt] }), signature });
  return { address, wrap };
}

describe('contract accounts', () => {
  test('a deployed ERC-1271 wallet signs in and revokes; a stranger\'s signature for it is refused', async () => {
    const wallet = await deployWallet();
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
    const { address: wallet, wrap } = await counterfactualWallet('11');
    expect(await clients(anvil).publicClient.getCode({ address: wallet })).toBeUndefined();
    const text = await message(wallet);
    const created = await post('/v1/sessions', { message: text, signature: wrap(await ownerSignature(text)) });
    expect(created.status).toBe(201);
    expect(created.body.session.data.accountAddress).toBe(wallet);
  });
});

const coinTypeOf = (chainId: number) => (0x80000000 | chainId) >>> 0;
/** The modal's registration: JSON `{ name, attributes, timestamp, chainId, coinType }` personal_signed. */
function registrationText(name: string, chainId: number | undefined, coinType: number) {
  return JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000), ...(chainId === undefined ? {} : { chainId }), coinType });
}
const register = (address: Address, text: string, signature: Hex, coinType: number) =>
  post('/v1/profile/account', { coin_type: coinType, address, message: text, signature });

test('a contract account signing in on a chain whose node is down gets 503, not "Invalid signature"', async () => {
  const wallet = await deployWallet();
  const text = await message(wallet, UNREACHABLE_CHAIN_ID);
  expect(await post('/v1/sessions', { message: text, signature: await ownerSignature(text) })).toMatchObject({ status: 503, body: { error: 'Upstream node unavailable' } });
});

describe('name registration by contract accounts', () => {
  const coinType = coinTypeOf(CHAIN_ID);

  test('a deployed ERC-1271 wallet registers a name; a stranger signing for it is refused 401', async () => {
    const wallet = await deployWallet();
    const text = registrationText('contract-wallet.portico.eth', CHAIN_ID, coinType);
    const stranger = privateKeyToAccount('0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6');
    expect(await register(wallet, text, await stranger.sign({ hash: hashMessage(text) }), coinType)).toMatchObject({
      status: 401,
      body: { error: 'signature: not signed by address' },
    });
    const created = await register(wallet, text, await ownerSignature(text), coinType);
    expect(created).toMatchObject({ status: 201, body: { name: 'contract-wallet.portico.eth', addresses: { [String(coinType)]: { address: wallet } } } });
  });

  test('an undeployed wallet registers a name with an ERC-6492 signature; a wrapped stranger signature is refused', async () => {
    const { address, wrap } = await counterfactualWallet('22');
    const text = registrationText('counterfactual.portico.eth', CHAIN_ID, coinType);
    const stranger = privateKeyToAccount('0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6');
    expect((await register(address, text, wrap(await stranger.sign({ hash: hashMessage(text) })), coinType)).status).toBe(401);
    const created = await register(address, text, wrap(await ownerSignature(text)), coinType);
    expect(created).toMatchObject({ status: 201, body: { addresses: { [String(coinType)]: { address } } } });
  });

  test('coin type 0x80000000 (every chain) accepts EOA signatures only', async () => {
    const wallet = await deployWallet();
    const text = registrationText('every-chain-wallet.portico.eth', undefined, 0x80000000);
    expect(await register(wallet, text, await ownerSignature(text), 0x80000000)).toMatchObject({ status: 401, body: { error: 'signature: not signed by address' } });
    const eoaText = registrationText('every-chain-owner.portico.eth', undefined, 0x80000000);
    expect((await register(owner.address, eoaText, await owner.signMessage({ message: eoaText }), 0x80000000)).status).toBe(201);
  });

  test('a contract signature for a chain whose node is down answers 503, not "not signed"', async () => {
    const wallet = await deployWallet();
    const downCoinType = coinTypeOf(UNREACHABLE_CHAIN_ID);
    const text = registrationText('node-down.portico.eth', UNREACHABLE_CHAIN_ID, downCoinType);
    expect(await register(wallet, text, await ownerSignature(text), downCoinType)).toMatchObject({ status: 503, body: { error: 'Upstream node unavailable' } });
  });
});
