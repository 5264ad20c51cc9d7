import { describe, expect, it } from '@rstest/core';
import { bundlerFeesPerGas, MAX_ACCOUNT_INDEX, porticoAccountSalt } from '../src/account';

const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('porticoAccountSalt', () => {
  it('puts the owner in the upper 160 bits and the account index in the lower 96', () => {
    expect(porticoAccountSalt(owner)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8000000000000000000000000');
    expect(porticoAccountSalt(owner.toLowerCase() as `0x${string}`, 1n)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8000000000000000000000001');
    expect(porticoAccountSalt(owner, MAX_ACCOUNT_INDEX)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8ffffffffffffffffffffffff');
  });

  it('refuses an index outside 0 … 2^96 - 1', () => {
    expect(() => porticoAccountSalt(owner, MAX_ACCOUNT_INDEX + 1n)).toThrow('The account index must be from 0 to 2^96 - 1, not 79228162514264337593543950336');
    expect(() => porticoAccountSalt(owner, -1n)).toThrow('The account index must be from 0 to 2^96 - 1, not -1');
  });
});

describe('bundlerFeesPerGas', () => {
  const fees = (maxFeePerGas: string) => ({ maxFeePerGas, maxPriorityFeePerGas: '0x3b9aca00' });

  it("takes Alto's fast price", async () => {
    const request = async () => ({ slow: fees('0x1'), standard: fees('0x2'), fast: fees('0x77359400') });
    expect(await bundlerFeesPerGas({ request } as never)).toEqual({ maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n });
  });

  it('refuses an unexpected reply', async () => {
    const request = async () => ({ fast: fees('two gwei') });
    await expect(bundlerFeesPerGas({ request } as never)).rejects.toThrow('The bundler answered pimlico_getUserOperationGasPrice with an unexpected reply');
  });
});
