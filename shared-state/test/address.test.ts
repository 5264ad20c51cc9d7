import { describe, expect, it } from '@rstest/core';
import { isValidAddress } from '../src/address/shapes';
import { shortenAddress } from '../src/index';

const HEX40 = 'f39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('isValidAddress eip155', () => {
  it('accepts 40 hex characters with or without 0x', () => {
    expect(isValidAddress('eip155', `0x${HEX40}`)).toBe(true);
    expect(isValidAddress('eip155', HEX40)).toBe(true);
    expect(isValidAddress('eip155', `0x${HEX40.toLowerCase()}`)).toBe(true);
  });

  it('rejects 39 and 41 characters', () => {
    expect(isValidAddress('eip155', `0x${HEX40.slice(1)}`)).toBe(false);
    expect(isValidAddress('eip155', `0x${HEX40}a`)).toBe(false);
    expect(isValidAddress('eip155', HEX40.slice(1))).toBe(false);
  });

  it('rejects non-hex characters and non-strings', () => {
    expect(isValidAddress('eip155', `0x${HEX40.slice(0, 39)}g`)).toBe(false);
    expect(isValidAddress('eip155', `0X${HEX40}`)).toBe(false);
    expect(isValidAddress('eip155', '')).toBe(false);
    expect(isValidAddress('eip155', undefined)).toBe(false);
    expect(isValidAddress('eip155', 123)).toBe(false);
  });
});

describe('isValidAddress solana', () => {
  const valid = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'; // 44 chars

  it('accepts 32 to 44 base58 characters', () => {
    expect(valid).toHaveLength(44);
    expect(isValidAddress('solana', valid)).toBe(true);
    expect(isValidAddress('solana', valid.slice(0, 32))).toBe(true);
  });

  it('rejects 31 and 45 characters', () => {
    expect(isValidAddress('solana', valid.slice(0, 31))).toBe(false);
    expect(isValidAddress('solana', `${valid}a`)).toBe(false);
  });

  it.each(['0', 'O', 'I', 'l'])('rejects the non-base58 character %s', (bad) => {
    expect(isValidAddress('solana', `${valid.slice(0, 40)}${bad}`)).toBe(false);
  });

  it('rejects an eip155 address', () => {
    expect(isValidAddress('solana', `0x${HEX40}`)).toBe(false);
  });
});

describe('isValidAddress bip122, polkadot, cosmos: cheap shapes (the decoders check the rest)', () => {
  it.each([
    ['bip122', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['bip122', '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc'],
    ['bip122', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    ['bip122', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['bip122', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'],
    ['polkadot', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'],
    ['polkadot', 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'],
    ['cosmos', 'cosmos1lsagfzrm4gz28he4wunt63sts5xzmczw8pkek3'],
    ['cosmos', 'COSMOS1LSAGFZRM4GZ28HE4WUNT63STS5XZMCZW8PKEK3'],
  ] as const)('%s accepts %s', (namespace, address) => {
    expect(isValidAddress(namespace, address)).toBe(true);
  });

  it.each([
    ['bip122', `0x${HEX40}`],
    ['bip122', '4A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'], // no version byte encodes to 4
    ['bip122', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9'], // Litecoin's prefix
    ['polkadot', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQ0'], // 0 is not base58
    ['polkadot', `0x${HEX40}`],
    ['cosmos', 'cosmos1lsagfzrm4gz28he4wunt63sts5xzmczw8pkekb'], // b is not bech32
    ['cosmos', 'cosmos1short'],
  ] as const)('%s refuses %s', (namespace, address) => {
    expect(isValidAddress(namespace, address)).toBe(false);
  });

  it('a shape never refuses an address; a near miss it lets through (mixed-case bech32) is the decoder\'s to refuse', async () => {
    const { decodeAddress } = await import('../src/address/decode');
    for (const [namespace, address] of [
      ['bip122', 'bc1Qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
      ['cosmos', 'Cosmos1lsagfzrm4gz28he4wunt63sts5xzmczw8pkek3'],
    ] as const) {
      expect(isValidAddress(namespace, address)).toBe(true);
      expect(decodeAddress(namespace, address)).toBeUndefined();
    }
  });

  it('refuses empty strings and non-strings in every namespace', () => {
    for (const namespace of ['bip122', 'polkadot', 'cosmos'] as const) {
      expect(isValidAddress(namespace, '')).toBe(false);
      expect(isValidAddress(namespace, null)).toBe(false);
    }
  });
});

describe('shortenAddress', () => {
  it('keeps the first 6 and last 4 characters', () => {
    expect(shortenAddress(`0x${HEX40}`)).toBe('0xf39F…2266');
  });

  it('leaves short strings as they are', () => {
    expect(shortenAddress('0x1234567890a')).toBe('0x1234567890a');
    expect(shortenAddress('')).toBe('');
  });
});
