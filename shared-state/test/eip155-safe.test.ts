// The Safe connector (spec §3 `safe`): a page opened as a Safe App inside the Safe web app. Safe's SDK speaks to the
// parent frame with postMessage; here the page's `window` is a stand-in whose parent answers as the Safe web app does.
import { afterEach, describe, expect, it } from '@rstest/core';
import { createEip155Adapter } from '../src/adapters/eip155';
import type { Connector } from '../src/adapters/types';
import { SAFE_APP_ORIGINS } from '../src/constants';
import { createPorticoCore, createMemoryStorage } from '../src/index';
import { detectSafe } from '../src/adapters/eip155/safe';
import { eventually, minimalOptions } from '@portico/test-kit';

const SAFE_ORIGIN = 'https://app.safe.global';
const SAFE_ADDRESS = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe';
const SAFE_INFO = { safeAddress: SAFE_ADDRESS, chainId: 31337, threshold: 1, owners: [], isReadOnly: false };

interface Request {
  id: string;
  method: string;
  params: unknown;
}

/**
 * A framed page's `window` whose parent answers Safe requests. `answerFrom` is the origin the answers carry and
 * `answerSource` who sends them (the parent, or another frame); `info` is what `getSafeInfo` answers.
 */
function framedPage({ answerFrom = SAFE_ORIGIN, fromParent = true, info = SAFE_INFO as unknown }: { answerFrom?: string; fromParent?: boolean; info?: unknown } = {}) {
  const page = Object.assign(new EventTarget(), { parent: {} as unknown, crypto: globalThis.crypto });
  const requests: Request[] = [];
  const otherFrame = {};
  page.parent = {
    postMessage(request: Request) {
      requests.push(request);
      const data = request.method === 'getSafeInfo' ? info : request.method === 'rpcCall' ? '0x1' : undefined;
      queueMicrotask(() =>
        // Node's MessageEvent takes only a MessagePort as its source: an Event with a message's fields.
        page.dispatchEvent(
          Object.assign(new Event('message'), {
            origin: answerFrom,
            source: fromParent ? page.parent : otherFrame,
            data: { id: request.id, success: true, version: '9.1.0', data },
          }),
        ),
      );
    },
  };
  Object.assign(globalThis, { window: page });
  return { requests };
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

function watch(adapter: ReturnType<typeof createEip155Adapter>) {
  let connectors: Connector[] = [];
  adapter.watchConnectors((list) => (connectors = list));
  return () => connectors;
}

describe('eip155 adapter: the Safe connector', () => {
  it('is listed as an installed wallet once the Safe web app answers, and connects to the Safe account without a prompt', async () => {
    const { requests } = framedPage();
    const adapter = createEip155Adapter({ eventTarget: new EventTarget(), safe: { parentOrigin: SAFE_ORIGIN, imageUrl: 'https://api.test/v1/connector-images/safe' } });
    const connectors = watch(adapter);
    await eventually(() => expect(connectors()).toEqual([{ id: 'safe', name: 'Safe', type: 'INJECTED', chain: 'eip155', installed: true, imageUrl: 'https://api.test/v1/connector-images/safe' }]));
    expect(await adapter.connect('safe')).toEqual({ address: SAFE_ADDRESS, chainReference: '31337' });
    // The account and chain come from what the Safe said at the start: one request in all.
    expect(requests.map((request) => request.method)).toEqual(['getSafeInfo']);
  });

  it('attack: an answer from another origin than the Safe web app is ignored, so no Safe is listed', async () => {
    framedPage({ answerFrom: 'https://evil.example' });
    expect(await detectSafe({ parentOrigin: SAFE_ORIGIN }, 50)).toBeUndefined();
  });

  it('attack: an answer from another frame than the parent, even on the Safe origin, is ignored', async () => {
    framedPage({ fromParent: false });
    expect(await detectSafe({ parentOrigin: SAFE_ORIGIN }, 50)).toBeUndefined();
  });

  it('an answer that is not a Safe (no 0x address, no chain) lists nothing', async () => {
    framedPage({ info: { safeAddress: 'not an address', chainId: 0 } });
    expect(await detectSafe({ parentOrigin: SAFE_ORIGIN }, 50)).toBeUndefined();
  });

  it('a parent that never answers lists nothing after the wait', async () => {
    const page = Object.assign(new EventTarget(), { parent: { postMessage: () => undefined }, crypto: globalThis.crypto });
    Object.assign(globalThis, { window: page });
    expect(await detectSafe({ parentOrigin: SAFE_ORIGIN }, 50)).toBeUndefined();
  });
});

describe('the Safe connector in the core', () => {
  const load = (parentOrigin: string | undefined, options: Record<string, unknown> = {}) =>
    createPorticoCore(minimalOptions(options), { storage: createMemoryStorage(), eventTarget: new EventTarget(), isMobile: false, parentOrigin });

  it('defaults to the Safe web app only', () => {
    expect(load(undefined).options.safeAppOrigins).toEqual([...SAFE_APP_ORIGINS]);
  });

  it('attack: a page framed by an origin the host did not name never speaks to its parent', async () => {
    const { requests } = framedPage({ answerFrom: 'https://evil.example' });
    const core = load('https://evil.example');
    await core.connection.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
    core.connection.stop();
  });

  it("a page framed by one of the host's Safe origins asks its Safe", async () => {
    const { requests } = framedPage({ answerFrom: 'https://safe.example.org' });
    const core = load('https://safe.example.org', { safeAppOrigins: ['https://safe.example.org'] });
    await core.connection.start();
    await eventually(() => expect(requests.map((request) => request.method)).toEqual(['getSafeInfo']));
    core.connection.stop();
  });

  it('refuses a Safe origin that is not an origin', () => {
    expect(() => load(undefined, { safeAppOrigins: ['https://app.safe.global/apps'] })).toThrow(/safeAppOrigins.*must be an origin/);
  });
});
