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
  const target = lazyModule(load);
  return { ...forwardMethods(target.load, methods), load: target.load, current: target.loaded };
}

/** Something loaded once (a module's export: once per page, whatever the number of instances using it). */
export interface LazyModule<M> {
  /** Starts or joins the load (a failed one is tried again). */
  load(): Promise<M>;
  /** What was loaded, once it has arrived. */
  loaded(): M | undefined;
}

export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let module: M | undefined;
  return { load: loadOnce(() => load().then((loaded) => (module = loaded))), loaded: () => module };
}

type SyncMethodNames<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? never : T[K] extends (...args: never[]) => void ? K : never;
}[keyof T];

/** What `lazyController` adds to the controller's methods. */
export interface LazyControllerLoad {
  /** Starts or joins the load of the controller's code; resolves once the calls made before it have run. */
  load(): Promise<void>;
  /** Whether its code has arrived: from then on every call runs at once. */
  loaded(): boolean;
}

/**
 * A controller made by a lazily loaded `factory` (called with `args`), with synchronous methods (`sync`: an input's
 * setters, which must update the state in the same event) beside async ones. Once the factory has arrived (`load()`,
 * which the view that uses the controller awaits before it shows), the controller is made on first use and every call
 * runs as written: setters synchronously. A call before that starts the load and runs once the factory is here, in
 * the order the calls were made (setters, then the async method reading what they set); an async method resolves
 * with its result.
 */
export function lazyController<P extends unknown[], T extends object, S extends SyncMethodNames<T>, A extends AsyncMethodNames<T>>(
  factory: LazyModule<(...args: P) => T>,
  args: P,
  methods: { sync: readonly S[]; async: readonly A[] },
): Pick<T, S | A> & LazyControllerLoad {
  let controller: T | undefined;
  const waiting: Array<{ run(controller: T): void; fail(error: unknown): void }> = [];
  const made = (create: (...args: P) => T) => (controller ??= create(...args));
  /** The controller when a call may run at once: its factory is here and no earlier call is still waiting. */
  const now = () => {
    const create = factory.loaded();
    return create && !waiting.length ? made(create) : undefined;
  };
  const later = (call: (typeof waiting)[number]) => {
    waiting.push(call);
    if (waiting.length > 1) return;
    factory.load().then(
      (create) => {
        for (const next of waiting.splice(0)) next.run(made(create));
      },
      (error: unknown) => {
        for (const next of waiting.splice(0)) next.fail(error);
      },
    );
  };
  const call = (method: S | A, callArgs: unknown[]) => (target: T) => (target[method] as (...args: unknown[]) => unknown)(...callArgs);
  const sync = methods.sync.map((method) => [
    method,
    (...callArgs: unknown[]) => {
      const target = now();
      if (target) return call(method, callArgs)(target);
      // A setter's caller gets nothing back: a load that failed is the view's to show (it awaits the same load).
      later({ run: call(method, callArgs), fail: () => undefined });
    },
  ]);
  const async = methods.async.map((method) => [
    method,
    (...callArgs: unknown[]) => {
      const target = now();
      if (target) return call(method, callArgs)(target);
      return new Promise((resolve, reject) => later({ run: (loaded) => resolve(call(method, callArgs)(loaded)), fail: reject }));
    },
  ]);
  return {
    ...(Object.fromEntries([...sync, ...async]) as Pick<T, S | A>),
    load: () =>
      factory.load().then((create) => {
        made(create);
      }),
    loaded: () => factory.loaded() !== undefined,
  };
}
