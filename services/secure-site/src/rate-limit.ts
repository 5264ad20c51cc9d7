/** A fixed-window counter per key (client IP), in memory, with a bound on the keys it tracks. */
export interface RateLimit {
  points: number;
  durationS: number;
}

/** Keys tracked at once; past it, expired windows are swept and, if still full, new keys are refused. */
export const MAX_TRACKED_KEYS = 10_000;

/** `consume(key)` → undefined when allowed, else whole seconds until the window ends. */
export function fixedWindowLimiter(limit: RateLimit, now: () => number = Date.now) {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return function consume(key: string): number | undefined {
    const t = now();
    let w = windows.get(key);
    if (!w || w.endsAt <= t) {
      if (!w && windows.size >= MAX_TRACKED_KEYS) {
        for (const [k, v] of windows) if (v.endsAt <= t) windows.delete(k);
        if (windows.size >= MAX_TRACKED_KEYS) return limit.durationS;
      }
      w = { count: 0, endsAt: t + limit.durationS * 1000 };
      windows.set(key, w);
    }
    if (w.count >= limit.points) return Math.max(1, Math.ceil((w.endsAt - t) / 1000));
    w.count += 1;
    return undefined;
  };
}
