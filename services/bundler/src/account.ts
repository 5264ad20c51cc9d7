/**
 * What a client (the secure site's embedded wallet) needs to use Portico's smart account with viem's
 * `toSoladySmartAccount` and a bundler client. Browser-safe: viem and zod only
 * (`@portico/bundler/account`).
 */
import { concat, getAddress, numberToHex, type Address, type Hex } from 'viem';
import { entryPoint07Abi, type BundlerClient } from 'viem/account-abstraction';
import { z } from 'zod';
import { ENTRY_POINT_07 } from './addresses';

export { ENTRY_POINT_07, PORTICO_ACCOUNT_FACTORY } from './addresses';

/** The `entryPoint` parameter of toSoladySmartAccount / createBundlerClient. */
export const PORTICO_ENTRY_POINT = { abi: entryPoint07Abi, address: ENTRY_POINT_07, version: '0.7' } as const;

/** The account index fills the salt's lower 96 bits. */
export const MAX_ACCOUNT_INDEX = 2n ** 96n - 1n;

/**
 * The `salt` to pass to toSoladySmartAccount: the owner in the upper 160 bits (the factory refuses
 * any other owner for it, so the address is the owner's alone), the account index in the lower 96.
 * viem's default salt (0x0) is refused by the factory: it would give every owner the same address.
 */
export function porticoAccountSalt(owner: Address, index = 0n): Hex {
  if (index < 0n || index > MAX_ACCOUNT_INDEX) throw new RangeError(`The account index must be from 0 to 2^96 - 1, not ${index}`);
  return concat([getAddress(owner), numberToHex(index, { size: 12 })]);
}

const feesPerGas = z.object({ maxFeePerGas: z.string().regex(/^0x[0-9a-f]+$/i), maxPriorityFeePerGas: z.string().regex(/^0x[0-9a-f]+$/i) });
const userOperationGasPrice = z.object({ slow: feesPerGas, standard: feesPerGas, fast: feesPerGas });

/**
 * The fees to put in a user operation: Alto's `pimlico_getUserOperationGasPrice` ("fast"), since it
 * refuses operations priced below its own price. For createBundlerClient's
 * `userOperation.estimateFeesPerGas`.
 */
export async function bundlerFeesPerGas(bundlerClient: Pick<BundlerClient, 'request'>): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  const reply = await (bundlerClient.request as (args: { method: string; params: [] }) => Promise<unknown>)({ method: 'pimlico_getUserOperationGasPrice', params: [] });
  const parsed = userOperationGasPrice.safeParse(reply);
  if (!parsed.success) throw new Error('The bundler answered pimlico_getUserOperationGasPrice with an unexpected reply');
  return { maxFeePerGas: BigInt(parsed.data.fast.maxFeePerGas), maxPriorityFeePerGas: BigInt(parsed.data.fast.maxPriorityFeePerGas) };
}
