/** Requests per client IP in fixed windows, in memory (one relay process). */
export class IpRateLimit {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly points: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request: `undefined` when allowed, else the seconds until the window resets. */
  consume(ip: string): number | undefined {
    const now = this.now();
    // Old windows are dropped as the map grows, so many one-off clients cannot fill memory.
    if (this.#windows.size > 10_000) for (const [key, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(key);
    let window = this.#windows.get(ip);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.#windows.set(ip, window);
    }
    if (window.count >= this.points) return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    window.count++;
    return undefined;
  }
}
