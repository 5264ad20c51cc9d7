// Shared by the tests: a running server, @solana/kit's RPC client on it, dev-key signers and transaction builders.
import {
  appendTransactionMessageInstructions, createKeyPairSignerFromBytes, createSolanaRpc, createTransactionMessage, getBase58Encoder,
  getBase64EncodedWireTransaction, pipe, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners, type Instruction, type KeyPairSigner,
} from '@solana/kit';
import { SOLANA_DEV_ACCOUNTS } from '../src/accounts';
import { startSolanaRpc, type StartSolanaRpcOptions } from '../src/server';

export async function startChain(options: StartSolanaRpcOptions = {}) {
  const server = await startSolanaRpc({ port: 0, ...options });
  return { server, rpc: createSolanaRpc(server.url) };
}

export const devSigner = (index: number): Promise<KeyPairSigner> => createKeyPairSignerFromBytes(getBase58Encoder().encode(SOLANA_DEV_ACCOUNTS[index]!.secretKeyBase58));

/** A signed v0 transaction, base64 wire format. */
export async function signedTransaction(rpc: ReturnType<typeof createSolanaRpc>, payer: KeyPairSigner, instructions: Instruction[]) {
  const { value: lifetime } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message));
}

/** A raw JSON-RPC POST (for shapes and limits the typed client hides). */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, headers: response.headers, json: (await response.json()) as any };
}
