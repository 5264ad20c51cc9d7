// Shared by the tests: a running server, @solana/kit's RPC client on it, dev-key signers, transaction builders and a raw PubSub client.
import {
  appendTransactionMessageInstructions, createKeyPairSignerFromBytes, createSolanaRpc, createTransactionMessage, getBase58Encoder,
  getBase64EncodedWireTransaction, pipe, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners, type Instruction, type KeyPairSigner,
} from '@solana/kit';
import { WebSocket, type ClientOptions } from 'ws';
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

/** A raw PubSub client (the `ws` package) that keeps every message until a test takes it. */
export async function connectPubsub(url: string, options: ClientOptions = {}) {
  const ws = new WebSocket(url, options);
  const inbox: any[] = [];
  const waiting: Array<{ match: (message: any) => boolean; resolve: (message: any) => void }> = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    const waiter = waiting.find((w) => w.match(message));
    if (waiter) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(message);
    } else {
      inbox.push(message);
    }
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let nextId = 1;
  /** The first message (kept or to come) that matches; rejects after `timeoutMs`. */
  const next = (match: (message: any) => boolean, timeoutMs = 10_000): Promise<any> => {
    const kept = inbox.findIndex(match);
    if (kept !== -1) return Promise.resolve(inbox.splice(kept, 1)[0]);
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve: (message: any) => (clearTimeout(timer), resolve(message)) };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        reject(new Error(`no matching PubSub message within ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.push(waiter);
    });
  };
  return {
    ws,
    /** Messages received and not taken yet. */
    inbox,
    next,
    /** Sends a request and resolves with its reply. */
    call(method: string, params: unknown[] = []): Promise<any> {
      const id = nextId++;
      ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      return next((message) => message.id === id);
    },
    /** The next notification of a subscription. */
    notification: (subscription: number, timeoutMs?: number) => next((message) => message.params?.subscription === subscription, timeoutMs),
    close(): Promise<void> {
      if (ws.readyState === WebSocket.CLOSED) return Promise.resolve();
      return new Promise((resolve) => {
        ws.once('close', () => resolve());
        ws.close();
      });
    },
  };
}

/** How the server answered an upgrade it refused (or 101 when it accepted). */
export function upgradeStatus(url: string, options: ClientOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    ws.once('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    ws.on('error', reject);
  });
}
