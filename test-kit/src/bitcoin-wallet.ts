import { getBase58Decoder } from '@solana/kit';
import type { IdentifierArray, Wallet, WalletAccount } from '@wallet-standard/base';
import { concat, hexToBytes, sha256, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { StandardTestWallet } from './standard-wallet';

/** The bitcoin networks as a host configures them (CAIP-2 reference: the genesis hash's first 32 hex characters; AppKit's ids). */
export const bitcoinMainnet = {
  id: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  chainNamespace: 'bip122' as const,
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['https://rpc.invalid/bitcoin'] } },
  testnet: false,
};
/** Bitcoin testnet (Wallet Standard chain 'bitcoin:testnet'). */
export const bitcoinTestnet = {
  ...bitcoinMainnet,
  id: '000000000933ea01ad0ee984209779ba',
  name: 'Bitcoin Testnet',
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
  nativeCurrency: { name: 'Bitcoin', symbol: 'tBTC', decimals: 8 },
  testnet: true,
};

/** The test wallet's fixed secp256k1 key: both its addresses (payment P2WPKH, ordinals P2TR) are this key's. */
export const BITCOIN_TEST_PRIVATE_KEY: Hex = '0x0c28fca386c7a227600b2fe50b7cae11ec86d3bf1fbe471be89827e19d72aa1d';

export type BitcoinTestChain = 'bitcoin:mainnet' | 'bitcoin:testnet' | 'bitcoin:regtest';
export type BitcoinPurpose = 'payment' | 'ordinals';

/** WIF (compressed, mainnet version byte; bip322-js accepts it for every network): base58check of 0x80 ‖ key ‖ 0x01. */
function wifOf(privateKey: Hex): string {
  const payload = concat([new Uint8Array([0x80]), hexToBytes(privateKey), new Uint8Array([0x01])]);
  return getBase58Decoder().decode(concat([payload, sha256(sha256(payload, 'bytes'), 'bytes').subarray(0, 4)]));
}

/** bip322-js (with bitcoinjs-lib) takes over a second to load: only the tests that use bitcoin keys load it. */
const bip322 = () => import('bip322-js');

export type BitcoinKey = Awaited<ReturnType<typeof bitcoinKey>>;

/**
 * A key's payment (P2WPKH) and ordinals (P2TR, key path) addresses on each network, its public keys, and BIP-322 signing.
 * @example const key = await bitcoinKey(); key.address('payment', 'bitcoin:testnet') // 'tb1q…'
 */
export async function bitcoinKey(privateKey: Hex = BITCOIN_TEST_PRIVATE_KEY) {
  const { Address, Key, Signer } = await bip322();
  const wif = wifOf(privateKey);
  const publicKey = Key.compressPublicKey(Buffer.from(privateKeyToAccount(privateKey).publicKey.slice(2), 'hex'));
  const payment = Address.convertPubKeyIntoAddress(publicKey, 'p2wpkh');
  const ordinals = Address.convertPubKeyIntoAddress(publicKey, 'p2tr');
  const network = (chain: BitcoinTestChain) => (chain === 'bitcoin:mainnet' ? 'mainnet' : chain === 'bitcoin:testnet' ? 'testnet' : 'regtest');
  return {
    publicKey: new Uint8Array(publicKey),
    /** The x-only key a taproot account reports. */
    xOnlyPublicKey: new Uint8Array(Key.toXOnly(publicKey)),
    address: (purpose: BitcoinPurpose, chain: BitcoinTestChain) => (purpose === 'payment' ? payment : ordinals)[network(chain)],
    /** A BIP-322 simple signature (base64) of `message` by the key's `address`. */
    sign: (address: string, message: Uint8Array) => Signer.sign(wif, address, Buffer.from(message)),
  };
}

/**
 * BIP-322 check of a base64 signature (bip322-js), for tests that cannot import it themselves.
 * @example expect(await verifyBitcoinSignature(address, 'hi', signature)).toBe(true);
 */
export const verifyBitcoinSignature = async (address: string, message: string, signature: string): Promise<boolean> =>
  (await bip322()).Verifier.verifySignature(address, message, signature);

export interface BitcoinTestWalletOptions {
  name?: string;
  icon?: string;
  privateKey?: Hex;
  /** Networks it serves (default mainnet and testnet); it starts on the first. */
  chains?: BitcoinTestChain[];
  /** Accounts carry `purpose` (Xverse, Phantom do); false: only the order of the connect answer says it. Default true. */
  labelsPurpose?: boolean;
  /** Grants its accounts on every network it serves, not only the one it is on (the modal can then switch between them). */
  multiNetwork?: boolean;
}

/**
 * A Wallet Standard bitcoin wallet with a real key (bip322-js): bitcoin:connect (payment P2WPKH and ordinals P2TR
 * accounts, in the order of the purposes asked), standard:connect (silent reconnect), standard:disconnect,
 * standard:events and bitcoin:signMessage (BIP-322 simple, returned as the witness bytes). A test drives it:
 * `declining`, `setNetwork`, `setAccounts`; `calls` records every feature used.
 * @example
 * const wallet = await BitcoinTestWallet.create();
 * const unregister = registerSolanaWallet(window, wallet); // the Wallet Standard handshake is the same for every chain
 * wallet.declining = true; // the next prompt is declined (4001)
 */
export class BitcoinTestWallet extends StandardTestWallet {
  readonly key: BitcoinKey;
  /** The network it is on; its accounts' addresses are this network's. */
  network: BitcoinTestChain;
  /** The purposes the site was granted, in the order it asked. */
  purposes: BitcoinPurpose[] = ['payment', 'ordinals'];
  private readonly labelsPurpose: boolean;
  private readonly multiNetwork: boolean;

  static async create(options: BitcoinTestWalletOptions = {}): Promise<BitcoinTestWallet> {
    return new BitcoinTestWallet(await bitcoinKey(options.privateKey), options);
  }

  private constructor(key: BitcoinKey, options: BitcoinTestWalletOptions) {
    const chains = options.chains ?? ['bitcoin:mainnet', 'bitcoin:testnet'];
    super({ name: options.name ?? 'Bitcoin Test Wallet', icon: options.icon, chains });
    this.network = chains[0]!;
    this.key = key;
    this.labelsPurpose = options.labelsPurpose ?? true;
    this.multiNetwork = options.multiNetwork ?? false;
  }

  protected chainFeatures(): Wallet['features'] {
    return {
      'bitcoin:connect': { version: '1.0.0', connect: this.bitcoinConnect },
      'bitcoin:signMessage': { version: '1.0.0', signMessage: this.signMessage },
    };
  }

  /** The address of `purpose` on the wallet's network (or `chain`). */
  address(purpose: BitcoinPurpose, chain: BitcoinTestChain = this.network): string {
    return this.key.address(purpose, chain);
  }

  get accounts(): readonly WalletAccount[] {
    if (!this.authorized) return [];
    const networks = this.multiNetwork ? [this.network, ...(this.chains as BitcoinTestChain[]).filter((chain) => chain !== this.network)] : [this.network];
    return networks.flatMap((chain) =>
      this.purposes.map((purpose) => ({
        address: this.address(purpose, chain),
        publicKey: purpose === 'ordinals' ? this.key.xOnlyPublicKey : this.key.publicKey,
        chains: [chain] as IdentifierArray,
        features: ['bitcoin:signMessage'] as IdentifierArray,
        ...(this.labelsPurpose && { purpose }),
      })),
    );
  }

  /** The person moves the wallet to another network: new addresses (emits change { accounts, chains }). */
  setNetwork(chain: BitcoinTestChain) {
    this.network = chain;
    this.emit({ accounts: this.accounts, chains: [chain] as IdentifierArray });
  }

  /** The person grants other purposes (emits change { accounts }); [] leaves none. */
  setAccounts(purposes: BitcoinPurpose[]) {
    this.purposes = purposes;
    this.emit({ accounts: this.accounts });
  }

  private readonly bitcoinConnect = async (input: { purposes: BitcoinPurpose[] }) => {
    this.prompt('bitcoin:connect', input);
    this.purposes = input.purposes.filter((purpose) => purpose === 'payment' || purpose === 'ordinals');
    this.authorized = true;
    return { accounts: this.accounts };
  };

  private readonly signMessage = async (...inputs: Array<{ account: WalletAccount; message: Uint8Array }>) => {
    this.prompt('bitcoin:signMessage', inputs);
    return inputs.map(({ account, message }) => {
      if (!this.authorized || !this.accounts.some((granted) => granted.address === account.address)) throw new Error(`Unknown account ${account.address}`);
      const signature = this.key.sign(account.address, message);
      return { signedMessage: message, signature: new Uint8Array(Buffer.from(signature, 'base64')) };
    });
  };
}
