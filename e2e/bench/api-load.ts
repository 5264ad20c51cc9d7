// The API half of `pnpm bench:services`: autocannon against one route through HAProxy (TLS), each request for one of
// ADDRESSES accounts and from one of VISITORS simulated visitors (load-figures.ts), so neither the API's per-address
// caches nor its per-IP limit shape the figure more than real traffic would.
import autocannon from 'autocannon';
import { privateKeyToAddress } from 'viem/accounts';
import { keccak256, toHex } from 'viem';
import { simulatedVisitor } from './load-figures.ts';

export const ADDRESSES = 1_000;
const VISITORS = 500;

/** The accounts asked about: fixed ones, so runs compare (keys derived from their index, never used to sign). */
const accounts = Array.from({ length: ADDRESSES }, (_, i) => privateKeyToAddress(keccak256(toHex(`portico-bench-${i}`))));

export interface ApiRun {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** `route` (`balance` or `history`) of `apiUrl` for `seconds` with `connections` kept-alive connections. */
export async function apiLoad(options: {
  apiUrl: string;
  route: 'balance' | 'history';
  chainId: string;
  /** The project the requests name, and one of its allowed origins (the page a visitor is on). */
  projectId: string;
  origin: string;
  /** How long, or (a warm-up) how many requests. */
  length: { seconds: number } | { requests: number };
  connections: number;
}): Promise<ApiRun> {
  const query = `chainId=${encodeURIComponent(options.chainId)}&projectId=${encodeURIComponent(options.projectId)}`;
  let n = 0;
  const result = await autocannon({
    url: options.apiUrl,
    connections: options.connections,
    ...('seconds' in options.length ? { duration: options.length.seconds } : { amount: options.length.requests }),
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          n += 1;
          const account = accounts[n % ADDRESSES]!;
          return {
            ...request,
            path: `/v1/account/${account}/${options.route}?${query}`,
            headers: { ...request.headers, origin: options.origin, 'x-forwarded-for': simulatedVisitor(n % VISITORS) },
          };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
