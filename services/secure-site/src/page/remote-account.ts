/**
 * The key's account on this page (issue 28): a viem account whose key never leaves this site's server. Each of its
 * signatures is one `POST /wallet/sign` (the caller's `sign`: device-proven, src/page/wallet.ts), made only once
 * the person approved the request on this frame's screen. Everything that signs with a viem account (the EOA's
 * messages, typed data and transactions, the smart account's owner) uses it as it would a local key.
 * The body is the server's src/sign-request.ts: JSON has no bigint, so typed data goes as viem's
 * `serializeTypedData` writes it (integers as decimal strings) and a transaction's quantities as 0x hex.
 */
import {
  bytesToHex,
  getAddress,
  getTypesForEIP712Domain,
  serializeTypedData,
  stringToHex,
  toHex,
  type Address,
  type Hex,
  type LocalAccount,
  type SignableMessage,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem';
import { toAccount } from 'viem/accounts';
import { z } from 'zod';

/** Sends one /wallet/sign body (exactly these bytes are proven and sent): the server's JSON reply. */
export type SignOnServer = (body: string) => Promise<unknown>;

const signatureReply = z.object({ signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/) });
const transactionReply = z.object({ serializedTransaction: z.string().regex(/^0x([0-9a-fA-F]{2})+$/) });

/** The server's reply checked: a signature where one was asked for, not anything else. */
function replyOf<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error('The embedded wallet gave an unexpected answer to a signing request');
  return parsed.data;
}

/** EIP-191's message bytes as hex: a string is signed as its UTF-8 bytes, as viem's local accounts do. */
const rawOf = (message: SignableMessage): Hex =>
  typeof message === 'string' ? stringToHex(message) : typeof message.raw === 'string' ? message.raw : bytesToHex(message.raw);

/**
 * The typed data as JSON. viem's serialisation keeps the domain only under an EIP712Domain type, which a local
 * account derives from the domain itself: the same derived type is sent, so the server hashes what viem here would.
 */
function typedDataJson(typedData: TypedDataDefinition): string {
  const types = { EIP712Domain: getTypesForEIP712Domain({ domain: typedData.domain }), ...typedData.types };
  return serializeTypedData({ ...typedData, types } as unknown as TypedDataDefinition);
}

/** A transaction as JSON: its bigints and numbers (chainId, nonce) are quantities, written as 0x hex. */
const transactionJson = (transaction: TransactionSerializable) =>
  JSON.stringify(transaction, (_key, value: unknown) => (typeof value === 'bigint' || typeof value === 'number' ? toHex(value) : value));

/** The account at `address` whose signatures `sign` asks the server for. */
export function remoteAccount(address: Address, sign: SignOnServer): LocalAccount {
  const signature = async (body: string) => replyOf(signatureReply, await sign(body)).signature as Hex;
  return toAccount({
    address: getAddress(address),
    signMessage: ({ message }) => signature(JSON.stringify({ kind: 'message', message: { raw: rawOf(message) } })),
    signTypedData: (typedData) => signature(`{"kind":"typedData","typedData":${typedDataJson(typedData as TypedDataDefinition)}}`),
    // A chain's own serializer (viem's `options.serializer`) is never passed here: the page's chains are plain eip155 ones.
    signTransaction: async (transaction) =>
      replyOf(transactionReply, await sign(`{"kind":"transaction","transaction":${transactionJson(transaction)}}`)).serializedTransaction as Hex,
  });
}
