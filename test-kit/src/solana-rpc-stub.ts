import { getBase58Decoder, getBase64Encoder, getTransactionDecoder, type Transaction } from '@solana/kit';
import { apiStub, type ApiReply } from './api-stub';

/** The blockhash solanaRpcStub answers (32 bytes of 7s, base58). */
export const STUB_BLOCKHASH = 'US517G5965aydkZ46HS38QLi7UQiSojurfbQfKCELFx';
/** Lamports per signature getFeeForMessage answers. */
export const STUB_FEE_LAMPORTS = 5_000;
/** What getMinimumBalanceForRentExemption answers (the real value for a 165-byte token account). */
export const STUB_TOKEN_ACCOUNT_RENT = 2_039_280;

/** An account as getMultipleAccounts / getAccountInfo answer it (base64 data). */
export interface StubAccount {
  owner: string;
  data: Uint8Array;
  lamports?: number;
}

/**
 * A Solana JSON-RPC double for unit tests (the real local chain is @portico/solana-rpc): balances and accounts from
 * maps the test fills, a fixed blockhash and fee, sendTransaction records the decoded transaction and answers its
 * first signature, getSignatureStatuses answers `status` for sent signatures (null for others).
 * @example
 * const rpc = await solanaRpcStub();
 * rpc.balances.set(wallet.address, 2_000_000_000);
 * const network = { ...solanaLocalnet, rpcUrls: { default: { http: [rpc.url] } } };
 */
export interface SolanaRpcStub {
  url: string;
  /** JSON-RPC methods asked, in order. */
  methods: string[];
  balances: Map<string, number>;
  accounts: Map<string, StubAccount>;
  /** Transactions received by sendTransaction, decoded. */
  sent: Transaction[];
  /** How sent signatures' statuses read: confirmed (default), failed on chain, or not seen yet. */
  status: 'confirmed' | 'failed' | 'pending';
  close(): Promise<void>;
}

interface RpcCall {
  id: unknown;
  method: string;
  params?: unknown[];
}

export async function solanaRpcStub(): Promise<SolanaRpcStub> {
  const context = { slot: 10 };
  const sentSignatures = new Set<string>();
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  const accountValue = (address: string) => {
    const account = rpc.accounts.get(address);
    return account
      ? { data: [base64(account.data), 'base64'], executable: false, lamports: account.lamports ?? 1_000_000, owner: account.owner, rentEpoch: 0, space: account.data.length }
      : null;
  };
  const results: Record<string, (params: unknown[]) => unknown> = {
    getHealth: () => 'ok',
    getBalance: ([address]) => ({ context, value: rpc.balances.get(address as string) ?? 0 }),
    getLatestBlockhash: () => ({ context, value: { blockhash: STUB_BLOCKHASH, lastValidBlockHeight: 1_000 } }),
    getFeeForMessage: () => ({ context, value: STUB_FEE_LAMPORTS }),
    getMinimumBalanceForRentExemption: () => STUB_TOKEN_ACCOUNT_RENT,
    getAccountInfo: ([address]) => ({ context, value: accountValue(address as string) }),
    getMultipleAccounts: ([addresses]) => ({ context, value: (addresses as string[]).map(accountValue) }),
    sendTransaction: ([wire]) => {
      const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire as string));
      rpc.sent.push(transaction);
      const signature = getBase58Decoder().decode(Object.values(transaction.signatures)[0]!);
      sentSignatures.add(signature);
      return signature;
    },
    getSignatureStatuses: ([signatures]) => ({
      context,
      value: (signatures as string[]).map((signature) =>
        sentSignatures.has(signature) && rpc.status !== 'pending'
          ? { slot: 10, confirmations: null, err: rpc.status === 'failed' ? { InstructionError: [0, 'Custom'] } : null, confirmationStatus: 'confirmed' }
          : null,
      ),
    }),
  };
  const answer = (call: RpcCall) => {
    rpc.methods.push(call.method);
    const result = results[call.method];
    if (!result) return { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } };
    return { jsonrpc: '2.0', id: call.id, result: result(call.params ?? []) };
  };
  const server = await apiStub({
    'POST /*': (request): ApiReply => {
      const parsed = JSON.parse(request.body) as RpcCall | RpcCall[];
      return { json: Array.isArray(parsed) ? parsed.map(answer) : answer(parsed) };
    },
  });
  const rpc: SolanaRpcStub = { url: server.url, methods: [], balances: new Map(), accounts: new Map(), sent: [], status: 'confirmed', close: server.close };
  return rpc;
}
