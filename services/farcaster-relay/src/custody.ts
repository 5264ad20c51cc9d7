/**
 * The fid's custody address from the IdRegistry (what the real relay adds to a completed channel), by
 * one `eth_call` of `custodyOf(uint256)`: a plain JSON-RPC request, its reply checked with zod.
 */
import { z } from 'zod';

/** The IdRegistry's canonical address (OP mainnet; the devchain places its registry there too). */
export const ID_REGISTRY_ADDRESS = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b';
/** keccak256("custodyOf(uint256)")[0..4]. */
const CUSTODY_OF_SELECTOR = '65269e47';
export const RPC_TIMEOUT_MS = 5_000;

const rpcReply = z.union([
  z.object({ result: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be one ABI word') }),
  z.object({ error: z.object({ message: z.string() }) }),
]);

export async function custodyOf(rpcUrl: string, fid: number): Promise<string> {
  const data = `0x${CUSTODY_OF_SELECTOR}${fid.toString(16).padStart(64, '0')}`;
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: ID_REGISTRY_ADDRESS, data }, 'latest'] }),
    signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`RPC answered HTTP ${res.status}`);
  const reply = rpcReply.safeParse(await res.json());
  if (!reply.success) throw new Error(`unexpected RPC reply: ${reply.error.issues[0]!.message}`);
  if ('error' in reply.data) throw new Error(`RPC error: ${reply.data.error.message}`);
  return `0x${reply.data.result.slice(-40)}`;
}
