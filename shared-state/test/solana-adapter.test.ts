import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import {
  address,
  decompileTransactionMessage,
  generateKeyPairSigner,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getPublicKeyFromAddress,
  verifySignature,
  type Transaction,
} from '@solana/kit';
import { parseTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getMintEncoder,
  parseCreateAssociatedTokenIdempotentInstruction,
  parseTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import {
  ICON,
  SOLANA_LOCAL_REFERENCE,
  SolanaTestWallet,
  anvil,
  eventually,
  minimalOptions,
  registerSolanaWallet,
  solanaDevnet,
  solanaLocalnet,
  solanaRpcStub,
  type SolanaRpcStub,
} from '@portico/test-kit';
import { createSolanaAdapter } from '../src/adapters/solana/adapter';
import type { Connector } from '../src/adapters/types';
import { MAX_WALLET_ACCOUNTS } from '../src/adapters/wallet-standard';
import { waitForTransaction } from '../src/adapters/solana/rpc';
import { walletChainFor } from '../src/adapters/solana/chains';
import {
  accountsAtom,
  activeNamespaceAtom,
  activeNetworkAtom,
  connectAttemptAtom,
  connectorsAtom,
  createMemoryStorage,
  createPorticoCore,
  toCaipNetwork,
  UserRejectedRequestError,
  type KeyValueStorage,
  type PorticoCore,
} from '../src/index';

// Wallet Standard discovery (`@wallet-standard/app`) talks to the page's global window.
const page = new EventTarget();
(globalThis as { window?: unknown }).window = page;

let rpc: SolanaRpcStub;
let localnet: typeof solanaLocalnet;
const LAMPORTS = 1_000_000_000;

beforeAll(async () => {
  rpc = await solanaRpcStub();
  localnet = { ...solanaLocalnet, rpcUrls: { default: { http: [rpc.url] } } };
});
afterAll(() => rpc.close());

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  rpc.sent.length = 0;
  rpc.methods.length = 0;
  rpc.status = 'confirmed';
  rpc.accounts.clear();
});

async function installedWallet(options: Parameters<typeof SolanaTestWallet.create>[0] = {}) {
  const wallet = await SolanaTestWallet.create({ rpcUrl: rpc.url, ...options });
  cleanups.push(registerSolanaWallet(page, wallet));
  rpc.balances.set(wallet.address, 2 * LAMPORTS);
  return wallet;
}

/** A page whose networks are anvil, the local Solana chain and devnet; the real core (eip155 + lazy solana adapters). */
function loadPage(backend: KeyValueStorage = createMemoryStorage(), networks: unknown[] = [anvil, localnet, solanaDevnet]) {
  const core: PorticoCore = createPorticoCore(minimalOptions({ networks }), { storage: backend, eventTarget: new EventTarget(), isMobile: false });
  cleanups.push(() => core.connection.stop());
  return { core, solana: () => core.store.get(accountsAtom).solana, backend };
}

async function connectedPage(wallet: SolanaTestWallet) {
  const loaded = loadPage();
  await loaded.core.connection.start();
  await eventually(() => expect(loaded.core.store.get(connectorsAtom).some((connector) => connector.id === wallet.name)).toBe(true));
  expect(await loaded.core.connection.connect(wallet.name)).toBe(true);
  return loaded;
}

function solanaAdapterOn(networks: unknown[] = [localnet, solanaDevnet]) {
  const { core } = loadPage(createMemoryStorage(), networks);
  return createSolanaAdapter(core.store);
}

/** The instructions of a sent transaction, decompiled. */
function instructionsOf(transaction: Transaction) {
  return decompileTransactionMessage(getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)).instructions;
}

describe('solana adapter: discovery (Wallet Standard)', () => {
  it('lists wallets with standard:connect and a solana chain as ANNOUNCED connectors, registered before or after it starts', async () => {
    const early = await installedWallet({ name: 'Early Wallet' });
    const adapter = solanaAdapterOn();
    let listed: Connector[] = [];
    cleanups.push(adapter.watchConnectors((connectors) => (listed = connectors)));
    await installedWallet({ name: 'Late Wallet', icon: 'https://evil.example/icon.png' });
    expect(listed).toContainEqual({ id: early.name, name: 'Early Wallet', type: 'ANNOUNCED', chain: 'solana', imageUrl: ICON, installed: true });
    // Only data: icons are shown.
    expect(listed).toContainEqual({ id: 'Late Wallet', name: 'Late Wallet', type: 'ANNOUNCED', chain: 'solana', imageUrl: undefined, installed: true });
  });

  it('ignores wallets without a solana chain and drops unregistered ones', async () => {
    const bitcoin = await SolanaTestWallet.create({ name: 'Bitcoin Only', chains: ['bitcoin:mainnet'] });
    cleanups.push(registerSolanaWallet(page, bitcoin));
    const wallet = await SolanaTestWallet.create({ name: 'Leaving Wallet' });
    const unregister = registerSolanaWallet(page, wallet);
    const adapter = solanaAdapterOn();
    let ids: string[] = [];
    cleanups.push(adapter.watchConnectors((connectors) => (ids = connectors.map((connector) => connector.id))));
    expect(ids).toContain('Leaving Wallet');
    expect(ids).not.toContain('Bitcoin Only');
    unregister();
    expect(ids).not.toContain('Leaving Wallet');
  });

  it('maps the public clusters to their Wallet Standard chains and anything else to localnet', () => {
    const network = (reference: string) => toCaipNetwork({ ...solanaDevnet, id: reference, caipNetworkId: `solana:${reference}` });
    expect(walletChainFor(network('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe('solana:mainnet');
    expect(walletChainFor(network('EtWTRABZaYq6iMfeYKouRu166VU2xqa1'))).toBe('solana:devnet');
    expect(walletChainFor(network('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'))).toBe('solana:testnet');
    expect(walletChainFor(network(SOLANA_LOCAL_REFERENCE))).toBe('solana:localnet');
  });
});

describe('solana adapter through the connection controller (real core, lazy adapter)', () => {
  it('connects: CAIP-10 solana account, SOL balance from the RPC, stored connector', async () => {
    const wallet = await installedWallet();
    const { core, solana, backend } = await connectedPage(wallet);
    expect(solana()).toMatchObject({
      status: 'connected',
      address: wallet.address,
      caipAddress: `solana:${SOLANA_LOCAL_REFERENCE}:${wallet.address}`,
      allAccounts: [{ namespace: 'solana', address: wallet.address, type: 'eoa' }],
    });
    expect(core.store.get(activeNamespaceAtom)).toBe('solana');
    await eventually(() => expect(solana()).toMatchObject({ balance: '2', balanceSymbol: 'SOL' }));
    expect(JSON.parse(backend.getItem('@portico/connected_connector_ids') ?? '{}')).toEqual({ solana: wallet.name });
  });

  it('a declined connect is a rejection, not an error', async () => {
    const wallet = await installedWallet({ name: 'Declining Wallet' });
    wallet.declining = true;
    const { core, solana } = loadPage();
    await core.connection.start();
    await eventually(() => expect(core.store.get(connectorsAtom).some((connector) => connector.id === wallet.name)).toBe(true));
    expect(await core.connection.connect(wallet.name)).toBe(false);
    expect(core.store.get(connectAttemptAtom)).toMatchObject({ status: 'rejected' });
    expect(solana()?.status).toBe('disconnected');
  });

  it('reconnects silently after a reload; a wallet that no longer grants access leaves it disconnected', async () => {
    const wallet = await installedWallet();
    const first = await connectedPage(wallet);
    const reloaded = loadPage(first.backend);
    await reloaded.core.connection.start();
    expect(reloaded.solana()).toMatchObject({ status: 'connected', address: wallet.address });
    expect(wallet.calls.at(-1)).toEqual({ feature: 'standard:connect', input: { silent: true } });

    wallet.authorized = false;
    const again = loadPage(first.backend);
    await again.core.connection.start();
    expect(again.solana()?.status).toBe('disconnected');
  });

  it('disconnects through standard:disconnect', async () => {
    const wallet = await installedWallet();
    const { core, solana } = await connectedPage(wallet);
    await core.connection.disconnect('solana');
    expect(wallet.calls.at(-1)?.feature).toBe('standard:disconnect');
    expect(wallet.authorized).toBe(false);
    expect(solana()?.status).toBe('disconnected');
    expect(wallet.listenerCount()).toBe(0);
  });

  it("follows the wallet's account and cluster changes; no accounts left disconnects", async () => {
    const wallet = await installedWallet();
    const { core, solana } = await connectedPage(wallet);
    const next = await generateKeyPairSigner();
    wallet.setAccounts([next]);
    await eventually(() => expect(solana()?.address).toBe(next.address));

    wallet.setChains(['solana:devnet']);
    await eventually(() => expect(solana()?.caipAddress).toBe(`${solanaDevnet.caipNetworkId}:${next.address}`));
    expect(core.store.get(activeNetworkAtom)?.caipNetworkId).toBe(solanaDevnet.caipNetworkId);

    wallet.setAccounts([]);
    await eventually(() => expect(solana()?.status).toBe('disconnected'));
  });

  it('a wallet moving cluster reports its accounts with the new cluster as one change', async () => {
    const wallet = await installedWallet({ name: 'Cluster Mover' });
    const adapter = solanaAdapterOn();
    await adapter.connect(wallet.name);
    const reported: unknown[] = [];
    cleanups.push(
      adapter.watchWallet(wallet.name, {
        accountsChanged: (...change) => reported.push(['accounts', ...change]),
        chainChanged: (reference) => reported.push(['chain', reference]),
        disconnect: () => reported.push(['disconnect']),
      }),
    );
    wallet.setChains(['solana:devnet']);
    expect(reported).toEqual([['accounts', [wallet.address], undefined, toCaipNetwork(solanaDevnet).caipNetworkId.split(':')[1]]]);
  });

  it('switches between an eip155 and a solana network, and between solana clusters', async () => {
    const wallet = await installedWallet();
    const { core, solana } = await connectedPage(wallet);
    const [ethereumNetwork, local, devnet] = core.options.networks;
    await core.connection.switchNetwork(ethereumNetwork!);
    expect(core.store.get(activeNamespaceAtom)).toBe('eip155');
    expect(solana()?.status).toBe('connected');

    await core.connection.switchNetwork(devnet!);
    expect(core.store.get(activeNamespaceAtom)).toBe('solana');
    await eventually(() => expect(solana()?.caipAddress).toBe(`${devnet!.caipNetworkId}:${wallet.address}`));
    await core.connection.switchNetwork(local!);
    await eventually(() => expect(solana()?.caipAddress).toBe(`${local!.caipNetworkId}:${wallet.address}`));
  });

  it('a connect starts on the active solana network', async () => {
    const wallet = await installedWallet();
    const { core, solana } = loadPage();
    await core.connection.start();
    await core.connection.switchNetwork(core.options.networks[2]!);
    await eventually(() => expect(core.store.get(connectorsAtom).some((connector) => connector.id === wallet.name)).toBe(true));
    expect(await core.connection.connect(wallet.name)).toBe(true);
    expect(solana()?.caipAddress).toBe(`${solanaDevnet.caipNetworkId}:${wallet.address}`);
  });
});

describe('solana adapter: signing and sending', () => {
  async function connectedAdapter(options: Parameters<typeof SolanaTestWallet.create>[0] = {}) {
    const wallet = await installedWallet(options);
    const adapter = solanaAdapterOn();
    await adapter.connect(wallet.name);
    return { wallet, adapter, network: toCaipNetwork(localnet) };
  }

  it('signs a message (solana:signMessage); the base58 signature verifies against the account key', async () => {
    const { wallet, adapter } = await connectedAdapter();
    const signature = await adapter.signMessage!(wallet.name, wallet.address, 'Sign in to Portico');
    const key = await getPublicKeyFromAddress(address(wallet.address));
    const bytes = new Uint8Array(getBase58Encoder().encode(signature));
    expect(await verifySignature(key, bytes as never, new TextEncoder().encode('Sign in to Portico'))).toBe(true);
  });

  it('a declined signature rejects with UserRejectedRequestError', async () => {
    const { wallet, adapter } = await connectedAdapter();
    wallet.declining = true;
    await expect(adapter.signMessage!(wallet.name, wallet.address, 'hi')).rejects.toBeInstanceOf(UserRejectedRequestError);
  });

  it('sends SOL with solana:signAndSendTransaction: transferSol to the receiver for the amount in lamports, signed by the sender', async () => {
    const { wallet, adapter, network } = await connectedAdapter();
    const receiver = await generateKeyPairSigner();
    const hash = await adapter.sendTransfer(wallet.name, { from: wallet.address, to: receiver.address, amount: '1.5', decimals: 18 }, network);
    expect(wallet.calls.at(-1)?.feature).toBe('solana:signAndSendTransaction');
    expect((wallet.calls.at(-1)?.input as Array<{ chain: string }>)[0]!.chain).toBe('solana:localnet');
    expect(rpc.sent).toHaveLength(1);
    const [instruction] = instructionsOf(rpc.sent[0]!);
    expect(instruction!.programAddress).toBe(SYSTEM_PROGRAM_ADDRESS);
    const parsed = parseTransferSolInstruction(instruction as never);
    expect(parsed.accounts.destination.address).toBe(receiver.address);
    expect(parsed.accounts.source.address).toBe(wallet.address);
    // SOL has 9 decimals whatever the form says.
    expect(parsed.data.amount).toBe(1_500_000_000n);
    const signatureBytes = rpc.sent[0]!.signatures[address(wallet.address)]!;
    expect(await verifySignature(await getPublicKeyFromAddress(address(wallet.address)), signatureBytes, rpc.sent[0]!.messageBytes)).toBe(true);
    expect(hash).toBe(wallet.sent[0]);
    expect(await adapter.waitForTransaction(hash, network)).toEqual({ hash, status: 'success' });
  });

  it('without signAndSendTransaction: solana:signTransaction, then the RPC sends it', async () => {
    const wallet = await SolanaTestWallet.create({ name: 'Sign Only Wallet' });
    cleanups.push(registerSolanaWallet(page, wallet));
    const adapter = solanaAdapterOn();
    await adapter.connect(wallet.name);
    const receiver = await generateKeyPairSigner();
    const hash = await adapter.sendTransfer(wallet.name, { from: wallet.address, to: receiver.address, amount: '0.25', decimals: 9 }, toCaipNetwork(localnet));
    expect(wallet.calls.at(-1)?.feature).toBe('solana:signTransaction');
    expect(rpc.methods).toContain('sendTransaction');
    expect(parseTransferSolInstruction(instructionsOf(rpc.sent[0]!)[0] as never).data.amount).toBe(250_000_000n);
    expect(hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);
  });

  it("sends an SPL token: the receiver's associated token account is created idempotently when missing, then transferChecked", async () => {
    const { wallet, adapter, network } = await connectedAdapter();
    const mint = await generateKeyPairSigner();
    const receiver = await generateKeyPairSigner();
    rpc.accounts.set(mint.address, {
      owner: TOKEN_PROGRAM_ADDRESS,
      data: new Uint8Array(getMintEncoder().encode({ mintAuthority: null, supply: 10n ** 12n, decimals: 6, isInitialized: true, freezeAuthority: null })),
    });
    const transfer = { from: wallet.address, to: receiver.address, amount: '12.5', decimals: 6, tokenAddress: mint.address };
    expect(await adapter.estimateTransferFee(transfer, network)).toBe('0.00204428'); // 5000 lamports + the token account's rent
    await adapter.sendTransfer(wallet.name, transfer, network);
    const [create, transferChecked] = instructionsOf(rpc.sent[0]!);
    const [sourceAta] = await findAssociatedTokenPda({ owner: address(wallet.address), mint: mint.address, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const [receiverAta] = await findAssociatedTokenPda({ owner: receiver.address, mint: mint.address, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    expect(create!.programAddress).toBe(ASSOCIATED_TOKEN_PROGRAM_ADDRESS);
    expect(parseCreateAssociatedTokenIdempotentInstruction(create as never).accounts.ata.address).toBe(receiverAta);
    const parsed = parseTransferCheckedInstruction(transferChecked as never);
    expect(parsed.accounts.source.address).toBe(sourceAta);
    expect(parsed.accounts.destination.address).toBe(receiverAta);
    expect(parsed.accounts.authority.address).toBe(wallet.address);
    expect(parsed.data).toMatchObject({ amount: 12_500_000n, decimals: 6 });

    // Once the receiver has the account, only transferChecked.
    rpc.accounts.set(receiverAta, { owner: TOKEN_PROGRAM_ADDRESS, data: new Uint8Array(165) });
    expect(await adapter.estimateTransferFee(transfer, network)).toBe('0.000005');
    await adapter.sendTransfer(wallet.name, transfer, network);
    expect(instructionsOf(rpc.sent[1]!)).toHaveLength(1);
  });

  it('refuses a token address that is not an SPL mint', async () => {
    const { wallet, adapter, network } = await connectedAdapter();
    const receiver = await generateKeyPairSigner();
    const notAMint = await generateKeyPairSigner();
    await expect(
      adapter.sendTransfer(wallet.name, { from: wallet.address, to: receiver.address, amount: '1', decimals: 6, tokenAddress: notAMint.address }, network),
    ).rejects.toThrow('This token cannot be sent: it is not an SPL token mint on this network.');
    expect(wallet.calls.at(-1)?.feature).toBe('standard:connect');
  });

  it('a transaction that failed on chain reads as reverted; one never confirmed times out', async () => {
    const { wallet, adapter, network } = await connectedAdapter();
    const receiver = await generateKeyPairSigner();
    const hash = await adapter.sendTransfer(wallet.name, { from: wallet.address, to: receiver.address, amount: '1', decimals: 9 }, network);
    rpc.status = 'failed';
    expect(await adapter.waitForTransaction(hash, network)).toEqual({ hash, status: 'reverted' });
    rpc.status = 'pending';
    await expect(waitForTransaction(hash, network, { pollMs: 20, timeoutMs: 100 })).rejects.toThrow('The transaction was not confirmed within 0 seconds.');
  });

  it(`uses at most ${MAX_WALLET_ACCOUNTS} of a wallet's accounts`, async () => {
    const keys = await Promise.all(Array.from({ length: MAX_WALLET_ACCOUNTS + 1 }, () => generateKeyPairSigner()));
    const wallet = await installedWallet({ name: 'Many Accounts' });
    wallet.signers = keys;
    const adapter = solanaAdapterOn();
    const connected = await adapter.connect(wallet.name);
    expect(connected.addresses).toHaveLength(MAX_WALLET_ACCOUNTS);
  });

  it('a stored wallet that never registers again reconnects to nothing after the wait', async () => {
    const adapter = solanaAdapterOn();
    const started = Date.now();
    expect(await adapter.reconnect('Uninstalled Wallet')).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('refuses a receiver that passes the 32–44 base58 characters rule but is not a 32-byte key, before the wallet sees it', async () => {
    const { wallet, adapter, network } = await connectedAdapter();
    const receiver = '1'.repeat(44);
    await expect(adapter.sendTransfer(wallet.name, { from: wallet.address, to: receiver, amount: '1', decimals: 9 }, network)).rejects.toThrow('Invalid address');
    expect(wallet.calls.at(-1)?.feature).toBe('standard:connect');
  });

  it('normalizes only real base58 public keys', async () => {
    const adapter = solanaAdapterOn();
    const key = await generateKeyPairSigner();
    expect(await adapter.normalizeAddress(key.address)).toBe(key.address);
    await expect(adapter.normalizeAddress('1'.repeat(44))).rejects.toThrow();
  });
});
