type AsyncMethodNames<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never }[keyof T];

/** `load` run once and shared; a failed load (a chunk that did not arrive) is tried again on the next call. */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

function forwardMethods<T extends object, K extends AsyncMethodNames<T>>(target: () => Promise<T>, methods: readonly K[]): Pick<T, K> {
  const entries = methods.map((method) => [
    method,
    async (...args: unknown[]) => ((await target())[method] as (...args: unknown[]) => Promise<unknown>)(...args),
  ]);
  return Object.fromEntries(entries) as Pick<T, K>;
}

/**
 * The named async methods of a controller whose code loads on the first call. Keeps controllers
 * that only a remote view uses out of the bundle every page loads.
 */
export function lazyAsync<T extends object, K extends AsyncMethodNames<T>>(load: () => Promise<T>, methods: readonly K[]): Pick<T, K> {
  return forwardMethods(loadOnce(load), methods);
}

/**
 * `lazyAsync` plus `load()` (start or join the load) and `current()` (the loaded object, for the synchronous
 * parts such as a provider or event watchers, which exist only once a method has loaded it).
 */
export function lazyLoaded<T extends object, K extends AsyncMethodNames<T>>(
  load: () => Promise<T>,
  methods: readonly K[],
): Pick<T, K> & { load(): Promise<T>; current(): T | undefined } {
  let current: T | undefined;
  const target = loadOnce(() => load().then((loaded) => (current = loaded)));
  return { ...forwardMethods(target, methods), load: target, current: () => current };
}
