import { describe, expect, it } from '@rstest/core';
import { walletErrorText } from '../src/wallet-errors';

// Spec §8: every RPC error code, and the node's transaction messages.
const CODES = [-32700, -32600, -32601, -32602, -32603, -32000, -32001, -32002, -32003, -32004, -32005, -32006, 4001, 4100, 4200, 4900, 4901, 4902, 5700, 5710, 5720, 5730, 5740, 5750, 5760];

describe('walletErrorText', () => {
  it('says every code of spec §8 in words, never the raw message', () => {
    const texts = CODES.map((code) => walletErrorText({ code, message: `raw wallet text ${code}` }));
    for (const [index, text] of texts.entries()) {
      expect(text, String(CODES[index])).toBeTruthy();
      expect(text).not.toContain('raw wallet text');
    }
    expect(new Set(texts).size).toBe(CODES.length);
    expect(walletErrorText({ code: 4001, message: 'MetaMask Tx Signature: User denied transaction signature.' })).toBe('User rejected the request.');
  });

  it('maps the node transaction messages to plain words, through any wrapping', () => {
    const node = (message: string) => walletErrorText(new Error('Request failed', { cause: { code: -32000, message } }));
    expect(node('insufficient funds for gas * price + value: balance 0')).toBe('Not enough funds to pay for this transaction and its network fee.');
    expect(node('nonce too low: next nonce 7, tx nonce 5')).toBe('A transaction with this number was already sent from this account. Try again.');
    expect(node('nonce too high')).toContain("transaction count is ahead");
    expect(node('nonce has max value')).toBe('This account cannot send more transactions.');
    expect(node('max fee per gas less than block base fee')).toContain("below the network's current fee");
    expect(node('max fee per gas higher than 2^256-1')).toContain('higher than the network allows');
    expect(node('intrinsic gas too low')).toBe('The gas limit set for this transaction is too low.');
    expect(node('intrinsic gas too high')).toBe('This transaction needs more gas than a block allows.');
    expect(node('transaction type not valid')).toBe('This network does not support this kind of transaction.');
    expect(node('max priority fee per gas higher than max fee per gas')).toContain('priority fee');
    expect(node('execution reverted: ERC20: transfer amount exceeds balance')).toBe('The transaction would fail: ERC20: transfer amount exceeds balance.');
    expect(node('execution reverted')).toBe('The transaction would fail (the contract refused it).');
  });

  it('leaves anything else to the caller', () => {
    expect(walletErrorText(new Error('The service is busy.'))).toBeUndefined();
    expect(walletErrorText({ code: 12345, message: 'odd' })).toBeUndefined();
    expect(walletErrorText(undefined)).toBeUndefined();
  });
});
