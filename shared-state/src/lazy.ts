type AsyncMethodNames<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never }[keyof T];

/**
 * The named async methods of a controller whose code loads on the first call. Keeps controllers
 * that only a remote view uses out of the bundle every page loads.
 */
export function lazyAsync<T extends object, K extends AsyncMethodNames<T>>(
  load: () => Promise<T>,
  methods: readonly K[],
): Pick<T, K> {
  let loaded: Promise<T> | undefined;
  const target = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined; // a failed chunk load is retried on the next call
      throw error;
    }));
  const entries = methods.map((method) => [
    method,
    async (...args: unknown[]) => ((await target())[method] as (...args: unknown[]) => Promise<unknown>)(...args),
  ]);
  return Object.fromEntries(entries) as Pick<T, K>;
}
