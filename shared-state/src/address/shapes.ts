import type { ChainNamespace } from '../constants';

// Not exported from the package index, so not in the page bundle: only lazily loaded code (the send flow, the
// chain adapters, the WalletConnect session) checks addresses.
const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const BECH32 = '[02-9ac-hj-np-z]';

/**
 * Cheap synchronous shapes; they may let a near miss through (bech32 case, base58 letters under the
 * case-insensitive bitcoin shape), never refuse an address. Spec section 5 for eip155 and solana. The full decoders
 * are `decode.ts`, loaded with the code that needs them.
 */
const ADDRESS_SHAPES: Record<ChainNamespace, RegExp> = {
  eip155: /^(0x)?[0-9a-fA-F]{40}$/,
  solana: new RegExp(`^${BASE58}{32,44}$`),
  // P2PKH/P2SH in base58check (mainnet 1/3, testnet m/n/2), or segwit in bech32/bech32m.
  bip122: new RegExp(`^([123mn]${BASE58}{24,34}|(bc|tb|bcrt)1${BECH32}{8,87})$`, 'i'),
  // SS58: a 1- or 2-byte prefix, a 32-byte key and 2 checksum bytes in base58.
  polkadot: new RegExp(`^${BASE58}{35,50}$`),
  // Any human-readable prefix, 20 or 32 bytes of data and the checksum.
  cosmos: new RegExp(`^[a-z][a-z\\d]*1${BECH32}{38,58}$`, 'i'),
};

/**
 * Whether `address` has the shape of an address of `namespace` (spec section 5: eip155 is an optional 0x plus
 * 40 hex; solana is 32–44 base58 characters). A shape only: `decodeAddress` (`decode.ts`) also checks
 * checksums, versions and lengths where an asynchronous check is possible.
 */
export function isValidAddress(namespace: ChainNamespace, address: unknown): boolean {
  return typeof address === 'string' && ADDRESS_SHAPES[namespace].test(address);
}
