import { describe, expect, it } from '@rstest/core';
import { decodeFunctionData, erc20Abi, getAddress, parseUnits } from 'viem';
import { toHexQuantity, transferTransaction } from '../src/adapters/eip155/rpc';
import { ANVIL_ADDRESS, ANVIL_ADDRESS_CHECKSUMMED } from './helpers/fake-wallet';

const RECEIVER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

describe('transferTransaction', () => {
  it('native: value in wei to the receiver, no data', () => {
    const transaction = transferTransaction({ from: ANVIL_ADDRESS, to: RECEIVER, amount: '1.5', decimals: 18 });
    expect(transaction).toEqual({
      from: ANVIL_ADDRESS_CHECKSUMMED,
      to: getAddress(RECEIVER),
      value: 1_500_000_000_000_000_000n,
    });
    expect(transaction.data).toBeUndefined();
  });

  it('ERC-20: to the token contract, value 0, data = transfer(receiver, amount in token units)', () => {
    const transaction = transferTransaction({
      from: ANVIL_ADDRESS,
      to: RECEIVER,
      amount: '12.345678',
      decimals: 6,
      tokenAddress: TOKEN,
    });
    expect(transaction.from).toBe(ANVIL_ADDRESS_CHECKSUMMED);
    expect(transaction.to).toBe(getAddress(TOKEN));
    expect(transaction.value).toBe(0n);
    const decoded = decodeFunctionData({ abi: erc20Abi, data: transaction.data! });
    expect(decoded.functionName).toBe('transfer');
    expect(decoded.args).toEqual([getAddress(RECEIVER), parseUnits('12.345678', 6)]);
    expect(decoded.args?.[1]).toBe(12_345_678n);
  });

  it('rejects a malformed address', () => {
    expect(() => transferTransaction({ from: ANVIL_ADDRESS, to: '0x1234', amount: '1', decimals: 18 })).toThrow();
  });

  it('toHexQuantity writes minimal hex', () => {
    expect(toHexQuantity(0n)).toBe('0x0');
    expect(toHexQuantity(255n)).toBe('0xff');
  });
});
