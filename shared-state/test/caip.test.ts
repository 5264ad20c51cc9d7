import { describe, expect, it } from '@rstest/core';
import { InvalidCaipAddressError, InvalidCaipNetworkIdError } from '../src/errors';
import { isChainNamespace, parseCaipAddress, parseCaipNetworkId, toCaipAddress, toCaipNetworkId } from '../src/caip';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('parseCaipNetworkId', () => {
  it('parses a CAIP-2 id', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' });
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    });
  });

  it.each([
    ['one part', 'eip155'],
    ['three parts', 'eip155:1:0xabc'],
    ['empty namespace', ':1'],
    ['empty reference', 'eip155:'],
    ['empty string', ''],
    ['unknown namespace', 'tron:1'],
    ['namespace in the wrong case', 'EIP155:1'],
  ])('rejects %s', (_label, input) => {
    const error = thrown(() => parseCaipNetworkId(input));
    expect(error).toBeInstanceOf(InvalidCaipNetworkIdError);
    expect((error as InvalidCaipNetworkIdError).shortMessage).toBe('Invalid CAIP-2 network id');
    expect((error as Error).name).toBe('InvalidCaipNetworkIdError');
  });

  it.each([[undefined], [null], [1], [{}], [['eip155', '1']]])('rejects the non-string %j', (input) => {
    const error = thrown(() => parseCaipNetworkId(input));
    expect(error).toBeInstanceOf(InvalidCaipNetworkIdError);
    expect((error as InvalidCaipNetworkIdError).shortMessage).toBe('Invalid CAIP-2 network id');
  });
});

describe('parseCaipAddress', () => {
  it('parses a CAIP-10 address', () => {
    expect(parseCaipAddress('eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toEqual({
      namespace: 'eip155',
      reference: '31337',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      caipNetworkId: 'eip155:31337',
    });
  });

  it.each([
    ['two parts', 'eip155:1'],
    ['four parts', 'eip155:1:0xabc:extra'],
    ['empty namespace', ':1:0xabc'],
    ['empty reference', 'eip155::0xabc'],
    ['empty address', 'eip155:1:'],
    ['unknown namespace', 'foo:1:0xabc'],
    ['empty string', ''],
  ])('rejects %s', (_label, input) => {
    const error = thrown(() => parseCaipAddress(input));
    expect(error).toBeInstanceOf(InvalidCaipAddressError);
    expect((error as InvalidCaipAddressError).shortMessage).toBe('Invalid CAIP-10 address');
    expect((error as Error).message).toContain('Invalid CAIP-10 address');
  });

  it.each([[undefined], [null], [42], [{ address: '0x' }]])('rejects the non-string %j', (input) => {
    const error = thrown(() => parseCaipAddress(input));
    expect(error).toBeInstanceOf(InvalidCaipAddressError);
    expect((error as InvalidCaipAddressError).shortMessage).toBe('Invalid CAIP-10 address');
  });
});

describe('CAIP helpers', () => {
  it('builds ids that parse back', () => {
    const networkId = toCaipNetworkId('eip155', 31337);
    expect(networkId).toBe('eip155:31337');
    const address = toCaipAddress(networkId, '0xabc');
    expect(address).toBe('eip155:31337:0xabc');
    expect(parseCaipAddress(address).caipNetworkId).toBe(networkId);
  });

  it('knows the configured namespaces only', () => {
    expect(isChainNamespace('eip155')).toBe(true);
    expect(isChainNamespace('solana')).toBe(true);
    expect(isChainNamespace('tron')).toBe(false);
    expect(isChainNamespace(155)).toBe(false);
  });
});
