/**
 * The body of `POST /wallet/sign` (issue 28: the key is used only inside this server), checked at the boundary.
 * JSON carries no bigint, so what viem holds as one arrives as text and is read back here:
 *   { kind: 'message', message: { raw: 0x-hex } }            EIP-191 personal message of those bytes
 *   { kind: 'typedData', typedData: { domain?, types, primaryType, message? } }
 *        as viem's `serializeTypedData` writes it: integers as JSON numbers or decimal strings (0x hex also read)
 *   { kind: 'transaction', transaction: { type: 'legacy' | 'eip1559', chainId, nonce, gas, to, value, data, fees } }
 *        every quantity (chainId and nonce too) a 0x hex string; `to` null creates a contract
 * The typed data must hash and the transaction serialise here, so a request viem would refuse is a 400 before
 * any key is opened.
 */
import {
  getTypesForEIP712Domain,
  hashTypedData,
  serializeTransaction,
  type Hex,
  type TransactionSerializable,
  type TypedDataDefinition,
  type TypedDataParameter,
} from 'viem';
import { z } from 'zod';

const hexBytes = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex bytes').transform((v) => v as Hex);
const hexAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address').transform((v) => v as Hex);
const quantity = z
  .string()
  .regex(/^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/, 'must be a 0x hex quantity')
  .transform((v) => BigInt(v));
/** chainId and nonce: viem keeps them as numbers. */
const smallQuantity = quantity.refine((v) => v <= BigInt(Number.MAX_SAFE_INTEGER), 'must be at most 2^53 - 1').transform(Number);

const unsigned = {
  chainId: smallQuantity.refine((v) => v > 0, 'must be positive'),
  nonce: smallQuantity,
  gas: quantity,
  to: hexAddress.nullable(),
  value: quantity,
  data: hexBytes,
};
// Strict: every field sent is one the signature covers; the wallet signs only these two types.
const transactionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('legacy'), ...unsigned, gasPrice: quantity }),
  z.strictObject({ type: z.literal('eip1559'), ...unsigned, maxFeePerGas: quantity, maxPriorityFeePerGas: quantity }),
]);

const typedDataShape = z.object({
  domain: z.record(z.string(), z.unknown()).optional(),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  // viem's serialisation leaves it out when the domain itself is signed (primaryType EIP712Domain).
  message: z.record(z.string(), z.unknown()).optional(),
});

const INTEGER_TYPE = /^u?int\d*$/;
const ARRAY_TYPE = /^(.+)\[\d*\]$/;

/** A JSON integer (safe number, decimal or 0x hex string) as the bigint viem hashes. */
function integerOf(value: unknown): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^(-?\d{1,78}|0x[0-9a-fA-F]{1,64})$/.test(value)) return BigInt(value);
  throw new Error(`${JSON.stringify(value)?.slice(0, 80)} is not an integer`);
}

/** `value` of EIP-712 `type` with its integers as bigints (structs and arrays walked); other values as sent. */
function decodeValue(types: Record<string, readonly TypedDataParameter[]>, type: string, value: unknown): unknown {
  const array = ARRAY_TYPE.exec(type);
  if (array) {
    if (!Array.isArray(value)) throw new Error(`a ${type} must be an array`);
    return value.map((item) => decodeValue(types, array[1]!, item));
  }
  const struct = types[type];
  if (struct) return decodeStruct(types, struct, value);
  return INTEGER_TYPE.test(type) && value !== undefined ? integerOf(value) : value;
}

function decodeStruct(types: Record<string, readonly TypedDataParameter[]>, fields: readonly TypedDataParameter[], value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('a struct must be an object');
  const decoded: Record<string, unknown> = { ...value };
  for (const { name, type } of fields) decoded[name] = decodeValue(types, type, (value as Record<string, unknown>)[name]);
  return decoded;
}

/** The typed data with its integers read back; the domain's types are the ones sent, else viem's from the domain. */
function decodeTypedData(data: z.output<typeof typedDataShape>): TypedDataDefinition {
  const types: Record<string, readonly TypedDataParameter[]> = { EIP712Domain: getTypesForEIP712Domain({ domain: data.domain as never }), ...data.types };
  return {
    types,
    primaryType: data.primaryType,
    ...(data.domain && { domain: decodeStruct(types, types.EIP712Domain!, data.domain) }),
    message: data.message === undefined ? {} : decodeStruct(types, types[data.primaryType] ?? [], data.message),
  } as TypedDataDefinition;
}

/** Runs viem's own check (`check`) on the decoded value: a refusal is a zod issue with viem's short message. */
const checkedBy =
  <T>(check: (value: T) => unknown) =>
  (value: T, ctx: z.RefinementCtx): void => {
    try {
      check(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as { shortMessage?: string }).shortMessage ?? (error as Error).message });
    }
  };

export const signRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('message'), message: z.strictObject({ raw: hexBytes }) }),
  z.strictObject({
    kind: z.literal('typedData'),
    typedData: typedDataShape
      .transform((data, ctx) => {
        try {
          return decodeTypedData(data);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      })
      .superRefine(checkedBy((data: TypedDataDefinition) => hashTypedData(data))),
  }),
  z.strictObject({
    kind: z.literal('transaction'),
    transaction: transactionSchema.superRefine(checkedBy((tx: TransactionSerializable) => serializeTransaction(tx))),
  }),
]);

export type SignRequest = z.output<typeof signRequestSchema>;
/** The reply: a signature (message, typed data) or the signed transaction, serialised. */
export type SignReply = { signature: Hex } | { serializedTransaction: Hex };
