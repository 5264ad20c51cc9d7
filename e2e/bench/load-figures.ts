// What both halves of `pnpm bench:services` share: who the simulated visitors are and how a latency list is read.

/**
 * The address of simulated visitor `index` (10.0.0.0/8), sent as X-Forwarded-For: the topology's services trust
 * HAProxy on loopback to name the visitor, so each visitor has its own per-IP budget, as real visitors would.
 */
export const simulatedVisitor = (index: number): string => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** The `q` quantile (0..1) of ascending `sorted` values, nearest rank; NaN when empty. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
