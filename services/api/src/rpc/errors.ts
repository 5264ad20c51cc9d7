/** JSON-RPC 2.0 error replies, as the JSON-RPC endpoint and the request validator write them. */

export type RpcId = string | number | null;

export interface RpcErrorBody {
  jsonrpc: '2.0';
  id: RpcId;
  error: { code: number; message: string };
}

export const rpcError = (id: RpcId, code: number, message: string): RpcErrorBody => ({ jsonrpc: '2.0', id, error: { code, message } });
