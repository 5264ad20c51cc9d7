import { describe, expect, it } from '@rstest/core';
import { isValidAddress, shortenAddress } from '../src/index';

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

describe('shortenAddress', () => {
  it('keeps the first 6 and last 4 characters', () => {
    expect(shortenAddress(`0x${HEX40}`)).toBe('0xf39F…2266');
  });

  it('leaves short strings as they are', () => {
    expect(shortenAddress('0x1234567890a')).toBe('0x1234567890a');
    expect(shortenAddress('')).toBe('');
  });
});
