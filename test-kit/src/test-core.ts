import {
  createMemoryStorage,
  createPorticoCore,
  type EmbeddedWalletHandle,
  type KeyValueStorage,
  type PorticoCore,
  type PorticoEvent,
  type ViewName,
} from '@portico/shared-state';
import { resetApiStubs, type ApiStub } from './api-stub';
import { FakeAdapter, fakeWalletConnector, type FakeAdapterOptions } from './fake-adapter';
import { minimalOptions } from './fixtures';

/** How testCore builds the core. @example { api, adapter: { walletWaits: true }, connect: true, views: ['Account', 'Swap'] } */
export interface TestCoreOptions {
  /** Host options on top of `minimalOptions()` (project, metadata, anvil) and the API's url. */
  options?: Record<string, unknown>;
  /** The API the core talks to (its url becomes the `apiUrl` option); without it the core has no API. */
  api?: Pick<ApiStub, 'url'>;
  /** The eip155 adapter: a FakeAdapter, or options for a new one (default: a FakeAdapter). */
  adapter?: FakeAdapter | FakeAdapterOptions;
  /** Storage backend (default: a fresh memory storage). */
  storage?: KeyValueStorage;
  isMobile?: boolean;
  /** Target of EIP-6963 events (default: a fresh EventTarget). */
  eventTarget?: EventTarget;
  /** Starts discovery and the silent restore (default true). */
  start?: boolean;
  /** Connects through this connector (`true`: the Fake Wallet), after starting. */
  connect?: boolean | string;
  /** The embedded wallet (`embeddedTestWallet().handle`); absent by default. */
  embedded?: EmbeddedWalletHandle;
  /** Router history to set: the first view is reset to, the rest pushed (e.g. ['Account', 'WalletSend']). */
  views?: ViewName[];
}

/** What testCore gives back. @example const { core, adapter, events } = await testCore(); */
export interface TestCore {
  core: PorticoCore;
  adapter: FakeAdapter;
  /** Every event the core emitted, oldest first. */
  events: PorticoEvent[];
}

const liveCores = new Set<PorticoCore>();

/**
 * A real PorticoCore for tests: memory storage, a FakeAdapter, the stub API, started (and
 * connected, and on a view) as asked. Call `stopTestCores()` after each test.
 * @example
 * const api = await apiStub({ 'GET /v1/account/:address/balance': { json: { balances: [] } } });
 * const { core, adapter, events } = await testCore({ api, connect: true, views: ['Account', 'WalletSend'] });
 * afterEach(stopTestCores);
 */
export async function testCore(options: TestCoreOptions = {}): Promise<TestCore> {
  const adapter = options.adapter instanceof FakeAdapter ? options.adapter : new FakeAdapter(options.adapter);
  const core = createPorticoCore(minimalOptions({ ...(options.api ? { apiUrl: options.api.url } : {}), ...options.options }), {
    storage: options.storage ?? createMemoryStorage(),
    eventTarget: options.eventTarget ?? new EventTarget(),
    isMobile: options.isMobile ?? false,
    adapters: { eip155: adapter },
  });
  if (options.embedded) core.embedded = options.embedded;
  liveCores.add(core);
  const events: PorticoEvent[] = [];
  core.events.subscribe((event) => events.push(event));
  if (options.start ?? true) await core.connection.start();
  if (options.connect) {
    const connectorId = options.connect === true ? fakeWalletConnector.id : options.connect;
    if (!(await core.connection.connect(connectorId))) throw new Error(`testCore: connecting through '${connectorId}' failed`);
  }
  const [first, ...rest] = options.views ?? [];
  if (first) core.router.reset(first);
  for (const view of rest) core.router.push(view);
  // As the shell's outlet does before it shows a view: its form's setters are there, synchronous, when a test types.
  await Promise.all((options.views ?? []).map((view) => core.prepareView(view)));
  return { core, adapter, events };
}

/**
 * Stops every core testCore made (wallet watchers, timers), so tests do not leak into each other.
 * @example afterEach(stopTestCores);
 */
export function stopTestCores() {
  for (const core of liveCores) core.connection.stop();
  liveCores.clear();
}

/**
 * Between tests: stops every core testCore made and forgets every open API stub's requests and
 * overrides (the stubs keep their default routes and stay open until closed).
 * @example afterEach(resetTestKit); afterAll(() => api.close());
 */
export function resetTestKit() {
  stopTestCores();
  resetApiStubs();
}
