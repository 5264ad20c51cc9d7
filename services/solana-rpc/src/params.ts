/** Param schemas shared by the methods, and Solana's `{ context, value }` and account encodings. */
import { getBase58Decoder, isAddress, type Address, type EncodedAccount } from '@solana/kit';
import { z } from 'zod';
import type { Chain } from './chain';
import { RpcError, invalidParams } from './rpc';
import { parseTokenData } from './token';

/** Solana's version line; @solana/kit reads it as a string. */
export const API_VERSION = '3.0.0';
const U64_MAX = 2n ** 64n - 1n;

export const address = z
  .string()
  .refine((s) => isAddress(s), 'must be a base58 address (32 bytes)')
  .transform((s) => s as Address);
export const signature = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'must be a base58 signature');
export const commitment = z.enum(['processed', 'confirmed', 'finalized']).optional();
export const slot = z.number().int().nonnegative();
/** Standard base64 (Buffer's decoder skips what is not, so check first). */
export const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** `{ commitment?, minContextSlot? }`, the config most methods take (every commitment is "finalized" here). */
export const contextConfig = z.object({ commitment, minContextSlot: slot.optional() }).optional();

export const accountEncoding = z.enum(['base58', 'base64', 'jsonParsed'], { error: "encoding must be 'base58', 'base64' or 'jsonParsed' (base64+zstd is not supported)" });
export const accountConfig = z
  .object({
    commitment,
    minContextSlot: slot.optional(),
    encoding: accountEncoding.optional(),
    dataSlice: z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() }).optional(),
  })
  .optional();

/** Solana's answer for a config whose minContextSlot is ahead of the chain. */
export function checkMinContextSlot(chain: Chain, config: { minContextSlot?: number } | undefined): void {
  if (config?.minContextSlot !== undefined && BigInt(config.minContextSlot) > chain.currentSlot) {
    throw new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: chain.currentSlot });
  }
}

export function withContext(chain: Chain, value: unknown, config?: { minContextSlot?: number }) {
  checkMinContextSlot(chain, config);
  return { context: { apiVersion: API_VERSION, slot: chain.currentSlot }, value };
}

const base58 = getBase58Decoder();
const MAX_BASE58_BYTES = 128;

/** `binary` is the legacy base58 form (a bare string), PubSub's default. */
type AccountEncoding = 'binary' | z.output<typeof accountEncoding>;

/**
 * An account as Solana's RPC shows it (rentEpoch: every account is rent-exempt, so u64::MAX). base58 data is
 * refused over 128 bytes, as getAccountInfo does; PubSub notifications pass `base58Limit: false` (agave encodes them whole).
 */
export function encodeAccount(
  chain: Chain,
  account: EncodedAccount,
  config: { encoding?: AccountEncoding; dataSlice?: { offset: number; length: number } } | undefined,
  { base58Limit = true }: { base58Limit?: boolean } = {},
) {
  const encoding = config?.encoding ?? 'base58';
  const parsed = encoding === 'jsonParsed' ? parseTokenData(account, chain.decimalsOf) : null;
  let data: unknown = parsed;
  if (!parsed) {
    const slice = config?.dataSlice;
    const bytes = slice ? account.data.slice(slice.offset, slice.offset + slice.length) : account.data;
    if (encoding === 'base58' || encoding === 'binary') {
      if (base58Limit && bytes.length > MAX_BASE58_BYTES) throw invalidParams('Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
      data = encoding === 'binary' ? base58.decode(bytes) : [base58.decode(bytes), 'base58'];
    } else {
      data = [Buffer.from(bytes).toString('base64'), 'base64'];
    }
  }
  return { data, executable: account.executable, lamports: BigInt(account.lamports), owner: account.programAddress, rentEpoch: U64_MAX, space: BigInt(account.data.length) };
}

