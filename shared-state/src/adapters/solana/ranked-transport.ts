/**
 * A Solana network's RPC URLs as one ranked transport: what viem's `fallback({ rank })` does for eip155, with the
 * same numbers (spec §9, RPC_FALLBACK_RANK), for @solana/kit, which has no fallback of its own. Each URL is pinged
 * with `getHealth` (Solana's counterpart of net_listening) every `interval` ms, with a `timeout`; the last
 * `sampleCount` pings give each URL a score, stability × 0.7 + latency × 0.3 (as viem scores them), and requests go
 * to the best URL first, then to the next when one fails to answer. A JSON-RPC error is an answer, not a failure.
 */
import type { RpcTransport } from '@solana/kit';
import { RPC_FALLBACK_RANK } from '../../constants';

export interface RankOptions {
  interval: number;
  timeout: number;
  sampleCount: number;
  weights: { stability: number; latency: number };
}

interface Sample {
  latencyMs: number;
  ok: boolean;
}

/** Each transport's score from its samples (higher is better), as viem's rankTransports computes it. */
export function scoreTransports(samples: readonly (readonly Sample[])[], weights: RankOptions['weights']): number[] {
  const latencies = samples.map((list) => {
    const answered = list.filter((sample) => sample.ok);
    return answered.length ? answered.reduce((sum, sample) => sum + sample.latencyMs, 0) / answered.length : Infinity;
  });
  const finite = latencies.filter(Number.isFinite);
  const maxLatency = finite.length ? Math.max(...finite) : 0;
  return samples.map((list, index) => {
    const stability = list.length ? list.filter((sample) => sample.ok).length / list.length : 0;
    const latency = latencies[index]!;
    const latencyScore = !Number.isFinite(latency) ? 0 : maxLatency === 0 ? 1 : 1 - latency / maxLatency;
    return weights.stability * stability + weights.latency * latencyScore;
  });
}

/**
 * @param transports - one transport per URL, in the host's order (the order until the first pings are in).
 * @param ping - asks one transport whether it is healthy (rejects when not).
 */
export function rankedTransport(
  transports: readonly RpcTransport[],
  ping: (transport: RpcTransport, signal: AbortSignal) => Promise<unknown>,
  rank: RankOptions = RPC_FALLBACK_RANK,
): RpcTransport {
  if (transports.length === 1) return transports[0]!;
  const samples: Sample[][] = transports.map(() => []);
  let order = transports.map((_, index) => index);
  let polling = false;

  const pingAll = async () => {
    await Promise.all(
      transports.map(async (transport, index) => {
        const started = performance.now();
        const ok = await ping(transport, AbortSignal.timeout(rank.timeout)).then(
          () => true,
          () => false,
        );
        samples[index] = [...samples[index]!, { latencyMs: performance.now() - started, ok }].slice(-rank.sampleCount);
      }),
    );
    const scores = scoreTransports(samples, rank.weights);
    order = [...order].sort((a, b) => scores[b]! - scores[a]!);
    setTimeout(() => void pingAll(), rank.interval);
  };

  return async (config) => {
    if (!polling) {
      polling = true;
      void pingAll();
    }
    let lastError: unknown;
    for (const index of order) {
      try {
        return await transports[index]!(config);
      } catch (error) {
        if (config.signal?.aborted) throw error;
        lastError = error;
      }
    }
    throw lastError;
  };
}
