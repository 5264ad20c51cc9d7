/**
 * The full address decoders (issue 13): published vectors (BIP-173/350 and base58 addresses from Bitcoin's docs,
 * Alice of Substrate's dev accounts, cosmjs's test account) and fast-check properties over encodings made here
 * with @scure/base — every well-formed address decodes to what was encoded, and near misses do not.
 */
import { describe, expect, it } from '@rstest/core';
import { blake2b } from '@noble/hashes/blake2b';
import { sha256 } from '@noble/hashes/sha2';
import { base58, bech32, bech32m, createBase58check, hex } from '@scure/base';
import fc from 'fast-check';
import { decodeAddress } from '../src/address/decode';

const hexOf = (bytes: Uint8Array | undefined) => (bytes ? hex.encode(bytes) : undefined);
const bytes = (min: number, max = min) => fc.uint8Array({ minLength: min, maxLength: max });

describe('decodeAddress: eip155 and solana', () => {
  it('eip155: the 20 bytes of an optionally 0x-prefixed hex address', () => {
    expect(hexOf(decodeAddress('eip155', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')?.bytes)).toBe('f39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    expect(decodeAddress('eip155', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226')).toBeUndefined();
  });

  it('solana: the system program (32 zero bytes) and the token program decode to 32 bytes', () => {
    expect(decodeAddress('solana', '11111111111111111111111111111111')?.bytes).toEqual(new Uint8Array(32));
    expect(decodeAddress('solana', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')?.bytes).toHaveLength(32);
  });

  it('solana: any 32 bytes round-trip; base58 of any other length is refused', () => {
    fc.assert(
      fc.property(bytes(32), (key) => {
        expect(decodeAddress('solana', base58.encode(key))?.bytes).toEqual(key);
      }),
    );
    fc.assert(
      fc.property(bytes(1, 40).filter((data) => data.length !== 32), (data) => {
        expect(decodeAddress('solana', base58.encode(data))).toBeUndefined();
      }),
    );
  });
});

describe('decodeAddress: bip122', () => {
  it.each([
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'mainnet', 'p2pkh', '62e907b15cbf27d5425399ebf6f0fb50ebb88f18'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'mainnet', 'p2sh', 'b472a266d0bd89c13706a4132ccfb16f7c3b9fcb'],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet', 'p2pkh', '243f1394f44554f4ce3fd68649c19adc483ce924'],
    ['2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'testnet', 'p2sh', undefined],
  ])('base58check %s: %s %s', (address, network, type, hash) => {
    const decoded = decodeAddress('bip122', address);
    expect(decoded).toMatchObject({ network, type });
    if (hash) expect(hexOf(decoded?.bytes)).toBe(hash);
  });

  // BIP-350's valid segwit addresses with their scriptPubKeys (version opcode, length, program).
  it.each([
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'mainnet', 0, '751e76e8199196d454941c45d1b3a323f1433bd6'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'testnet', 0, '1863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262'],
    ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 'mainnet', 1, '751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6'],
    ['BC1SW50QGDZ25J', 'mainnet', 16, '751e'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'mainnet', 2, '751e76e8199196d454941c45d1b3a323'],
    ['tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy', 'testnet', 0, '000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433'],
    ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 'testnet', 1, '000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'mainnet', 1, '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'],
  ])('BIP-350 valid %s', (address, network, witnessVersion, program) => {
    const decoded = decodeAddress('bip122', address);
    expect(decoded).toMatchObject({ network, type: 'segwit', witnessVersion });
    expect(hexOf(decoded?.bytes)).toBe(program);
  });

  it.each([
    'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', // invalid human-readable part
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', // bech32 instead of bech32m
    'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf',
    'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', // bech32m instead of bech32
    'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47',
    'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', // invalid character in checksum
    'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', // witness version 17
    'bc1pw5dgrnzv', // 1-byte program
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', // 41-byte program
    'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', // 16 bytes for version 0
    'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', // mixed case
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', // more than 4 bits of zero padding
    'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', // non-zero padding
    'bc1gmk9yu', // empty data
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', // base58check checksum off by one character
  ])('BIP-350 invalid (and a bad base58check) %s', (address) => {
    expect(decodeAddress('bip122', address)).toBeUndefined();
  });

  const base58check = createBase58check(sha256);
  const VERSIONS = [
    [0x00, 'mainnet', 'p2pkh'],
    [0x05, 'mainnet', 'p2sh'],
    [0x6f, 'testnet', 'p2pkh'],
    [0xc4, 'testnet', 'p2sh'],
  ] as const;

  it('any 20-byte hash under the four version bytes decodes; another version byte or length does not', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VERSIONS), bytes(20), ([version, network, type], hash) => {
        const decoded = decodeAddress('bip122', base58check.encode(Uint8Array.of(version, ...hash)));
        expect(decoded).toMatchObject({ network, type });
        expect(decoded?.bytes).toEqual(hash);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), bytes(19, 21), (version, hash) => {
        fc.pre(hash.length !== 20 || !VERSIONS.some(([known]) => known === version));
        expect(decodeAddress('bip122', base58check.encode(Uint8Array.of(version, ...hash)))).toBeUndefined();
      }),
    );
  });

  const SEGWIT_PREFIX = fc.constantFrom(['bc', 'mainnet'], ['tb', 'testnet'], ['bcrt', 'regtest']);
  const segwit = (coder: typeof bech32, prefix: string, version: number, program: Uint8Array) =>
    coder.encode(prefix, [version, ...coder.toWords(program)]);

  it('segwit: version 0 in bech32 with 20 or 32 bytes, versions 1–16 in bech32m with 2–40 bytes, on bc/tb/bcrt', () => {
    fc.assert(
      fc.property(SEGWIT_PREFIX, fc.oneof(bytes(20), bytes(32)), ([prefix, network], program) => {
        expect(decodeAddress('bip122', segwit(bech32, prefix, 0, program))).toMatchObject({ network, witnessVersion: 0, bytes: program });
        expect(decodeAddress('bip122', segwit(bech32m, prefix, 0, program))).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(SEGWIT_PREFIX, fc.integer({ min: 1, max: 16 }), bytes(2, 40), ([prefix, network], version, program) => {
        const address = segwit(bech32m, prefix, version, program);
        expect(decodeAddress('bip122', address)).toMatchObject({ network, witnessVersion: version, bytes: program });
        expect(decodeAddress('bip122', address.toUpperCase())).toMatchObject({ network, witnessVersion: version });
        expect(decodeAddress('bip122', segwit(bech32, prefix, version, program))).toBeUndefined();
      }),
    );
  });

  it('segwit: version 0 programs of other lengths are refused', () => {
    fc.assert(
      fc.property(bytes(2, 40).filter((program) => program.length !== 20 && program.length !== 32), (program) => {
        expect(decodeAddress('bip122', segwit(bech32, 'bc', 0, program))).toBeUndefined();
      }),
    );
  });
});

/** SS58 as its specification (docs.substrate.io, "SS58 address format") writes it, to make addresses for the properties. */
function ss58(prefix: number, key: Uint8Array) {
  const prefixBytes = prefix < 64 ? [prefix] : [((prefix & 0xfc) >> 2) | 0x40, (prefix >> 8) | ((prefix & 0x03) << 6)];
  const body = Uint8Array.of(...prefixBytes, ...key);
  const checksum = blake2b(Uint8Array.of(...new TextEncoder().encode('SS58PRE'), ...body), { dkLen: 64 });
  return base58.encode(Uint8Array.of(...body, checksum[0]!, checksum[1]!));
}

describe('decodeAddress: polkadot (SS58)', () => {
  const ALICE_KEY = 'd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d';

  it.each([
    ['5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY', 42], // generic Substrate
    ['15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', 0], // Polkadot
    ['HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F', 2], // Kusama
  ])("Alice's key as %s (prefix %i)", (address, prefix) => {
    const decoded = decodeAddress('polkadot', address);
    expect(decoded).toMatchObject({ prefix });
    expect(hexOf(decoded?.bytes)).toBe(ALICE_KEY);
  });

  it('refuses a changed checksum, a changed key and a truncated address', () => {
    const alice = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
    expect(decodeAddress('polkadot', `${alice.slice(0, -1)}Z`)).toBeUndefined();
    expect(decodeAddress('polkadot', `5Grwva${'F'}${alice.slice(7)}`)).toBeUndefined();
    expect(decodeAddress('polkadot', alice.slice(0, -2))).toBeUndefined();
  });

  it('any 1- or 2-byte prefix and 32-byte key round-trip; other key lengths do not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 16383 }), bytes(32), (prefix, key) => {
        const decoded = decodeAddress('polkadot', ss58(prefix, key));
        expect(decoded).toMatchObject({ prefix, bytes: key });
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 63 }), bytes(20, 40).filter((key) => key.length !== 32), (prefix, key) => {
        expect(decodeAddress('polkadot', ss58(prefix, key))).toBeUndefined();
      }),
    );
  });
});

describe('decodeAddress: cosmos', () => {
  it("cosmjs's test account (its faucet mnemonic) decodes to 20 bytes under 'cosmos'", () => {
    const decoded = decodeAddress('cosmos', 'cosmos1lsagfzrm4gz28he4wunt63sts5xzmczw8pkek3');
    expect(decoded).toMatchObject({ prefix: 'cosmos' });
    expect(decoded?.bytes).toHaveLength(20);
    expect(decodeAddress('cosmos', 'cosmos1lsagfzrm4gz28he4wunt63sts5xzmczw8pkek4')).toBeUndefined();
  });

  it('any lower-case prefix with 20 or 32 bytes decodes; other lengths and bech32m do not', () => {
    const prefix = fc.stringMatching(/^[a-z]{1,12}$/);
    fc.assert(
      fc.property(prefix, fc.oneof(bytes(20), bytes(32)), (hrp, data) => {
        expect(decodeAddress('cosmos', bech32.encodeFromBytes(hrp, data))).toMatchObject({ prefix: hrp, bytes: data });
        expect(decodeAddress('cosmos', bech32m.encodeFromBytes(hrp, data))).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(prefix, bytes(16, 40).filter((data) => data.length !== 20 && data.length !== 32), (hrp, data) => {
        expect(decodeAddress('cosmos', bech32.encodeFromBytes(hrp, data))).toBeUndefined();
      }),
    );
  });
});

describe('decodeAddress: across namespaces', () => {
  it('an address of one namespace is not one of another', () => {
    expect(decodeAddress('solana', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).toBeUndefined();
    expect(decodeAddress('polkadot', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBeUndefined();
    expect(decodeAddress('cosmos', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBeUndefined();
    expect(decodeAddress('bip122', 'cosmos1lsagfzrm4gz28he4wunt63sts5xzmczw8pkek3')).toBeUndefined();
  });

  it('never throws, whatever the string', () => {
    fc.assert(
      fc.property(fc.constantFrom('eip155', 'solana', 'bip122', 'polkadot', 'cosmos' as const), fc.string({ maxLength: 120 }), (namespace, text) => {
        expect(() => decodeAddress(namespace, text)).not.toThrow();
      }),
    );
  });
});
