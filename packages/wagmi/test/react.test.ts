import { expect, test } from '@rstest/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ACCOUNT } from '@portico/test-kit';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { WagmiProvider, cookieStorage, createStorage, useConnection } from 'wagmi';
import { WagmiAdapter } from '../src/index.js';
import { FakePortico, anvil, mainnet, settle } from './fake-portico.js';

// React is only the host app's: this is the one test that renders (to a string, no DOM), run with
// wagmi 3 (the `wagmi-3` project), whose React package pins the @wagmi/core it is tested with.
test("a React app reads Portico's connection through wagmi's hooks, over the adapter's config", async () => {
  // AppKit's Next.js quick-start options (no reconnect in the render itself with `ssr: true`).
  const adapter = new WagmiAdapter({ networks: [anvil, mainnet], projectId: 'test-project', ssr: true, storage: createStorage({ storage: cookieStorage }) });
  const fake = new FakePortico();
  adapter.attachPortico(fake);
  await fake.connectWallet();
  await settle();

  function Status() {
    const { status, address, chainId, connector } = useConnection();
    return h('p', null, `${status} ${address} ${chainId} ${connector?.name}`);
  }
  const html = renderToString(
    h(WagmiProvider, { config: adapter.wagmiConfig }, h(QueryClientProvider, { client: new QueryClient() }, h(Status))),
  );
  expect(html).toBe(`<p>connected ${ACCOUNT} ${anvil.id} Portico</p>`);
});
