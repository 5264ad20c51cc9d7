/** Addresses, networks and host options the tests share, plus two small async helpers. */

/** Anvil's first account as wallets report it (lower case). @example wallet.accounts = [ANVIL_ADDRESS] */
export const ANVIL_ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
/**
 * Anvil's first account, checksummed: the FakeAdapter's account.
 * @example expect(core.store.get(activeAccountAtom)?.address).toBe(ACCOUNT);
 */
export const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/**
 * Anvil's first account's private key (the devchain's well-known dev key #0); FakeAdapter signs with it.
 * @example privateKeyToAccount(ACCOUNT_PRIVATE_KEY).address === ACCOUNT
 */
export const ACCOUNT_PRIVATE_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/**
 * Anvil's second account, checksummed: a receiver.
 * @example core.send.setReceiver(RECEIVER);
 */
export const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** The devchain's CAIP-2 network id. @example `${CHAIN}:${PUSD_ADDRESS}` */
export const CHAIN = 'eip155:31337';
/** The block explorer of the `anvil` fixture, without a trailing slash. @example `${EXPLORER}/tx/${TX_HASH}` */
export const EXPLORER = 'https://explorer.test';
/** The hash FakeAdapter answers for a transfer unless told otherwise. @example adapter.approve(TX_HASH) */
export const TX_HASH = `0x${'ab'.repeat(32)}`;
/** A tiny data: URI image, as announced wallets give. @example walletInfo({ icon: ICON }) */
export const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';

/**
 * The devchain as a host configures it (its explorer has a trailing slash, as hosts often write it).
 * @example testCore({ options: { networks: [anvil, mainnet] } })
 */
export const anvil = {
  id: 31337,
  name: 'Anvil Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'Explorer', url: `${EXPLORER}/` } },
};

/** Ethereum mainnet with an unreachable RPC. @example minimalOptions({ networks: [mainnet] }) */
export const mainnet = {
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://eth.example'] } },
};

/**
 * The smallest valid host options (project, metadata, anvil), with `overrides` on top.
 * @example createPorticoCore(minimalOptions({ apiUrl: api.url }), environment)
 */
export function minimalOptions(overrides: Record<string, unknown> = {}) {
  return {
    projectId: 'test-project',
    metadata: { name: 'Test dapp', description: 'A test', url: 'https://dapp.example', icons: [] },
    networks: [anvil],
    ...overrides,
  };
}

/** A promise the test settles by hand. @example const gate: Deferred<void> = deferred(); */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

/**
 * A promise the test settles by hand.
 * @example const gate = deferred<void>(); api.override({ 'GET /v1/x': async () => (await gate.promise, { json: {} }) }); gate.resolve();
 */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Polls until `check` stops throwing (10 ms apart); counts polls, not Date, because a test may fake Date.
 * @example await eventually(() => expect(api.requestsTo('/v1/wallets')).toHaveLength(1));
 */
export async function eventually<T>(check: () => T, tries = 300): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < tries; attempt++) {
    try {
      return check();
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  throw lastError;
}

/** The CAIP-2 reference of the local Solana chain (services/solana-rpc: its genesis hash's first 32 characters). */
export const SOLANA_LOCAL_REFERENCE = '78kTJh3f74R3uaMX5iZD8t4UZsrVVTQC';

/**
 * The local Solana chain as a host configures it (Wallet Standard chain 'solana:localnet').
 * @example testCore({ options: { networks: [anvil, solanaLocalnet] } })
 */
export const solanaLocalnet = {
  id: SOLANA_LOCAL_REFERENCE,
  name: 'Solana Local',
  chainNamespace: 'solana' as const,
  caipNetworkId: `solana:${SOLANA_LOCAL_REFERENCE}`,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  testnet: true,
};

/** Polkadot (a namespace only WalletConnect reaches); its RPC URL answers nothing. */
export const polkadot = {
  id: '91b171bb158e2d3848fa23a9f1c25182',
  name: 'Polkadot',
  chainNamespace: 'polkadot' as const,
  caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/polkadot'] } },
};

/** Solana devnet (Wallet Standard chain 'solana:devnet'). */
export const solanaDevnet = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  chainNamespace: 'solana' as const,
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  testnet: true,
};
