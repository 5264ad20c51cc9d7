/**
 * BIP-322 "simple" message signatures of native segwit (P2WPKH, `bc1q…`/`tb1q…`) addresses, checked with
 * Node's crypto only: the message is committed to by a virtual `to_spend` transaction paying the address,
 * and the signature is the witness of the `to_sign` transaction spending it, whose BIP-143 sighash the key
 * signed (ECDSA on secp256k1). Other address types (taproot's Schnorr, legacy) are refused, not guessed.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';

/** The bech32 human-readable part of each bitcoin network sign-in accepts (CAIP-2 reference: genesis hash's first 32 hex). */
export const BITCOIN_NETWORK_HRPS: Readonly<Record<string, string>> = {
  '000000000019d6689c085ae165831e93': 'bc',
  '000000000933ea01ad0ee984209779ba': 'tb',
};

/** The bech32 prefix of a bitcoin network's addresses, when sign-in accepts that network ('bip122:000000000019d6689c085ae165831e93' → 'bc'). */
export const bitcoinHrp = (chainId: string): string | undefined => (chainId.startsWith('bip122:') ? BITCOIN_NETWORK_HRPS[chainId.slice('bip122:'.length)] : undefined);

export const UNSUPPORTED_BITCOIN_ADDRESS = 'only native segwit (P2WPKH) bitcoin addresses sign in';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();
const sha256d = (data: Uint8Array) => sha256(sha256(data));
const hash160 = (data: Uint8Array) => createHash('ripemd160').update(sha256(data)).digest();
const taggedHash = (tag: string, data: Uint8Array) => {
  const tagHash = sha256(Buffer.from(tag, 'utf8'));
  return sha256(Buffer.concat([tagHash, tagHash, data]));
};

const BECH32_ALPHABET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
function polymod(values: number[]): number {
  const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let bit = 0; bit < 5; bit++) if ((top >>> bit) & 1) checksum ^= generator[bit]!;
  }
  return checksum;
}

/**
 * A lower-case segwit address (BIP-173/350) → its witness version and program; undefined when it is not one
 * of `hrp`'s (wrong checksum, network, padding or length).
 */
export function decodeSegwitAddress(address: string, hrp: string): { version: number; program: Buffer } | undefined {
  if (address !== address.toLowerCase() || !address.startsWith(`${hrp}1`) || address.length > 90) return undefined;
  const data = [...address.slice(hrp.length + 1)].map((char) => BECH32_ALPHABET.indexOf(char));
  if (data.length < 7 || data.some((value) => value < 0)) return undefined;
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31), ...data];
  const version = data[0]!;
  // Version 0 uses bech32's constant, later ones bech32m's (BIP-350).
  if (polymod(expanded) !== (version === 0 ? 1 : 0x2bc830a3)) return undefined;
  const bytes: number[] = [];
  let accumulator = 0;
  let bits = 0;
  for (const value of data.slice(1, -6)) {
    accumulator = (accumulator << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((accumulator >> bits) & 0xff);
    }
  }
  if (bits >= 5 || (accumulator & ((1 << bits) - 1)) !== 0) return undefined;
  if (version > 16 || bytes.length < 2 || bytes.length > 40 || (version === 0 && bytes.length !== 20 && bytes.length !== 32)) return undefined;
  return { version, program: Buffer.from(bytes) };
}

/** Bitcoin's CompactSize length prefix. */
function varint(n: number): Buffer {
  if (n < 0xfd) return Buffer.from([n]);
  const out = Buffer.alloc(3);
  out[0] = 0xfd;
  out.writeUInt16LE(n, 1);
  return out;
}

/** The witness stack of a BIP-322 simple signature; undefined when the bytes are not exactly one. */
function witnessStack(bytes: Buffer): Buffer[] | undefined {
  let at = 0;
  const read = () => {
    const first = bytes[at++];
    if (first === undefined) return undefined;
    if (first < 0xfd) return first;
    if (first !== 0xfd || at + 2 > bytes.length) return undefined;
    at += 2;
    return bytes.readUInt16LE(at - 2);
  };
  const count = read();
  if (count === undefined) return undefined;
  const items: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const length = read();
    if (length === undefined || at + length > bytes.length) return undefined;
    items.push(bytes.subarray(at, (at += length)));
  }
  return at === bytes.length ? items : undefined;
}

/** SubjectPublicKeyInfo (DER) of a compressed secp256k1 key: this prefix, then its 33 bytes. */
const SECP256K1_SPKI_PREFIX = Buffer.from('3036301006072a8648ce3d020106052b8104000a032200', 'hex');
const SIGHASH_ALL = 0x01;
const ZERO32 = Buffer.alloc(32);
const ZERO4 = Buffer.alloc(4);
const ZERO8 = Buffer.alloc(8);

/**
 * What the key of a P2WPKH address (its 20-byte `program`) signs for `message`: the BIP-143 preimage of the
 * `to_sign` input (its double SHA-256 is the sighash).
 */
export function toSignPreimage(program: Buffer, message: string): Buffer {
  const scriptPubKey = Buffer.concat([Buffer.from([0x00, 0x14]), program]);
  // to_spend: spends nothing (the null outpoint), its scriptSig commits to the message; it pays the address.
  const messageHash = taggedHash('BIP0322-signed-message', Buffer.from(message, 'utf8'));
  const toSpend = Buffer.concat([
    ZERO4,
    Buffer.from([1]),
    ZERO32,
    Buffer.from('ffffffff', 'hex'),
    Buffer.from([34, 0x00, 0x20]),
    messageHash,
    ZERO4,
    Buffer.from([1]),
    ZERO8,
    varint(scriptPubKey.length),
    scriptPubKey,
    ZERO4,
  ]);
  const outpoint = Buffer.concat([sha256d(toSpend), ZERO4]);
  // to_sign spends it to OP_RETURN; BIP-143's sighash of its one input (value 0, sequence 0, SIGHASH_ALL).
  const scriptCode = Buffer.concat([Buffer.from([0x19, 0x76, 0xa9, 0x14]), program, Buffer.from([0x88, 0xac])]);
  return Buffer.concat([
    ZERO4,
    sha256d(outpoint),
    sha256d(ZERO4),
    outpoint,
    scriptCode,
    ZERO8,
    ZERO4,
    sha256d(Buffer.concat([ZERO8, Buffer.from([1, 0x6a])])),
    ZERO4,
    Buffer.from([SIGHASH_ALL, 0, 0, 0]),
  ]);
}

/**
 * Did the P2WPKH `address` (decoded for `hrp`) sign `message` (BIP-322 simple, `signature` base64 of the witness)?
 * Throws `UNSUPPORTED_BITCOIN_ADDRESS` for any other address type.
 */
export function signedByBitcoinAddress(address: string, hrp: string, message: string, signature: string): boolean {
  const decoded = decodeSegwitAddress(address, hrp);
  if (!decoded || decoded.version !== 0 || decoded.program.length !== 20) throw new Error(UNSUPPORTED_BITCOIN_ADDRESS);
  const stack = witnessStack(Buffer.from(signature, 'base64'));
  if (stack?.length !== 2) return false;
  const [signed, publicKey] = stack as [Buffer, Buffer];
  if (publicKey.length !== 33 || !hash160(publicKey).equals(decoded.program) || signed.at(-1) !== SIGHASH_ALL) return false;

  const preimage = toSignPreimage(decoded.program, message);
  try {
    const key = createPublicKey({ key: Buffer.concat([SECP256K1_SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
    // ECDSA over sha256(x) with x = sha256(preimage): the double SHA-256 sighash.
    return verify('sha256', sha256(preimage), key, signed.subarray(0, -1));
  } catch {
    // Not a point on the curve, or not a DER signature.
    return false;
  }
}
