/** JSON-RPC errors the relay answers with (codes from the spec's §8 catalogue). */
export const RPC_ERRORS = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  resourceUnavailable: -32002,
  limitExceeded: -32005,
} as const;

/** A failure that becomes a JSON-RPC error reply (anything else is logged and answered -32603). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const limitError = (what: string) => new RpcError(RPC_ERRORS.limitExceeded, `limit exceeded: ${what}`);

/** Cluster mode: Redis, which holds the mailbox and the subscriptions, does not answer; the clients retry. */
export const unavailableError = (why: string) => new RpcError(RPC_ERRORS.resourceUnavailable, `resource unavailable: the relay's shared mailbox (Redis) does not answer (${why}); retry`);
