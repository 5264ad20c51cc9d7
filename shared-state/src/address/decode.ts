/**
 * Full address decoders per namespace (issue 13): checksums, versions and lengths, beyond the page's cheap shapes
 * (`isValidAddress`). Not part of the page bundle: import it from code that is already loaded lazily (the send
 * flow, a chain adapter), or through `import()`.
 */
import { blake2b } from '@noble/hashes/blake2b';
import { sha256 } from '@noble/hashes/sha2';
import { base58, bech32, bech32m, createBase58check } from '@scure/base';
import { isValidAddress } from './shapes';
import type { ChainNamespace } from '../constants';

export type BitcoinNetwork = 'mainnet' | 'testnet' | 'regtest';

/** What an address carries, per namespace. */
export type DecodedAddress =
  | { namespace: 'eip155'; bytes: Uint8Array }
  | { namespace: 'solana'; bytes: Uint8Array }
  /**
   * `p2pkh`/`p2sh` (base58check: the hash) or `segwit` (the witness program; bech32 for version 0, bech32m for 1–16).
   * Testnet includes signet, and a base58 testnet address is regtest's too (they share the version bytes).
   */
  | { namespace: 'bip122'; bytes: Uint8Array; network: BitcoinNetwork; type: 'p2pkh' | 'p2sh' | 'segwit'; witnessVersion?: number }
  /** SS58: the network `prefix` (0 Polkadot, 2 Kusama, 42 generic Substrate) and the 32-byte public key. */
  | { namespace: 'polkadot'; bytes: Uint8Array; prefix: number }
  /** bech32 with the chain's human-readable `prefix` (`cosmos`, `osmo`, …) and 20 or 32 bytes. */
  | { namespace: 'cosmos'; bytes: Uint8Array; prefix: string };

const base58check = createBase58check(sha256);

/** Base58check version bytes (Bitcoin Core's chainparams): testnet, signet and regtest share theirs. */
const BASE58_VERSIONS: Record<number, { network: BitcoinNetwork; type: 'p2pkh' | 'p2sh' }> = {
  0x00: { network: 'mainnet', type: 'p2pkh' },
  0x05: { network: 'mainnet', type: 'p2sh' },
  0x6f: { network: 'testnet', type: 'p2pkh' },
  0xc4: { network: 'testnet', type: 'p2sh' },
};
const SEGWIT_PREFIXES: Record<string, BitcoinNetwork> = { bc: 'mainnet', tb: 'testnet', bcrt: 'regtest' };

/** Runs a decoder that throws on bad input (the @scure/base coders do) and answers undefined instead. */
function attempt<T>(decode: () => T | undefined): T | undefined {
  try {
    return decode();
  } catch {
    return undefined;
  }
}

function decodeBitcoin(address: string): DecodedAddress | undefined {
  const network = SEGWIT_PREFIXES[address.slice(0, Math.max(address.lastIndexOf('1'), 0)).toLowerCase()];
  if (!network) {
    const payload = attempt(() => base58check.decode(address));
    const version = payload?.length === 21 ? BASE58_VERSIONS[payload[0]!] : undefined;
    return version && { namespace: 'bip122', bytes: payload!.subarray(1), ...version };
  }
  // BIP-350: witness version 0 is bech32 with a 20- or 32-byte program; 1–16 are bech32m with 2–40 bytes.
  const segwit = address as `${string}1${string}`;
  const asBech32 = attempt(() => bech32.decode(segwit));
  const [witnessVersion, ...programWords] = (asBech32 ?? attempt(() => bech32m.decode(segwit)))?.words ?? [];
  if (witnessVersion === undefined || witnessVersion > 16 || (witnessVersion === 0) !== Boolean(asBech32)) return undefined;
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program || program.length < 2 || program.length > 40) return undefined;
  if (witnessVersion === 0 && program.length !== 20 && program.length !== 32) return undefined;
  return { namespace: 'bip122', bytes: program, network, type: 'segwit', witnessVersion };
}

const SS58_CONTEXT = new TextEncoder().encode('SS58PRE');

function decodePolkadot(address: string): DecodedAddress | undefined {
  const bytes = attempt(() => base58.decode(address));
  if (!bytes || bytes[0] === undefined || bytes[0] >= 128) return undefined;
  // The SS58 prefix: one byte below 64, else two bytes (format 0b01xxxxxx) holding 14 bits.
  const prefixLength = bytes[0] < 64 ? 1 : 2;
  if (bytes.length !== prefixLength + 32 + 2) return undefined;
  const prefix = prefixLength === 1 ? bytes[0] : ((bytes[0] & 0x3f) << 2) | (bytes[1]! >> 6) | ((bytes[1]! & 0x3f) << 8);
  const body = bytes.subarray(0, prefixLength + 32);
  const checksum = blake2b(new Uint8Array([...SS58_CONTEXT, ...body]), { dkLen: 64 });
  if (checksum[0] !== bytes[body.length] || checksum[1] !== bytes[body.length + 1]) return undefined;
  return { namespace: 'polkadot', bytes: body.subarray(prefixLength), prefix };
}

function decodeCosmos(address: string): DecodedAddress | undefined {
  const decoded = attempt(() => bech32.decodeToBytes(address));
  if (!decoded || (decoded.bytes.length !== 20 && decoded.bytes.length !== 32)) return undefined;
  return { namespace: 'cosmos', bytes: decoded.bytes, prefix: decoded.prefix };
}

function decodeByNamespace(namespace: ChainNamespace, address: string): DecodedAddress | undefined {
  switch (namespace) {
    case 'eip155':
      return { namespace, bytes: Uint8Array.from(address.replace(/^0x/, '').match(/../g)!, (pair) => parseInt(pair, 16)) };
    case 'solana': {
      const bytes = attempt(() => base58.decode(address));
      return bytes?.length === 32 ? { namespace, bytes } : undefined;
    }
    case 'bip122':
      return decodeBitcoin(address);
    case 'polkadot':
      return decodePolkadot(address);
    case 'cosmos':
      return decodeCosmos(address);
  }
}

/**
 * Decodes an address of `namespace`, or answers undefined when it is not one: eip155 is the spec's 0x + 40 hex;
 * solana base58 of exactly 32 bytes; bip122 base58check P2PKH/P2SH with mainnet or testnet version bytes, or
 * segwit (bech32 v0, bech32m v1+) on bc/tb/bcrt; polkadot SS58 (1- or 2-byte prefix, 32-byte key, blake2b-512
 * checksum); cosmos bech32 with any prefix and 20 or 32 bytes.
 *
 * @example
 * const { decodeAddress } = await import('./address/decode');
 * if (!decodeAddress('polkadot', receiver)) return 'Invalid address';
 */
export function decodeAddress(namespace: ChainNamespace, address: string): DecodedAddress | undefined {
  return isValidAddress(namespace, address) ? decodeByNamespace(namespace, address) : undefined;
}
