// uiTokenAmount and u64 JSON, property-tested.
import fc from 'fast-check';
import { describe, expect, it } from '@rstest/core';
import { toJson } from '../src/rpc';
import { uiTokenAmount } from '../src/token';

describe('uiTokenAmount', () => {
  it('writes the amount in whole units without trailing zeros, and reads back to the same base units', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.integer({ min: 0, max: 18 }), (amount, decimals) => {
        const ui = uiTokenAmount(amount, decimals);
        const [whole, fraction = ''] = ui.uiAmountString.split('.');
        expect(fraction.endsWith('0')).toBe(false);
        expect(BigInt(whole! + fraction.padEnd(decimals, '0'))).toBe(amount);
        expect(ui.amount).toBe(amount.toString());
      }),
    );
    expect(uiTokenAmount(1_500_000n, 6)).toEqual({ amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' });
  });
});

describe('toJson', () => {
  it('writes bigints as JSON integers and leaves strings alone', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.string(), (n, s) => {
        expect(toJson({ n, s })).toBe(`{"n":${n},"s":${JSON.stringify(s)}}`);
      }),
    );
  });
});
