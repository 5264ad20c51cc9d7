import { createMemoryStorage, createPorticoCore, type PorticoCore } from '@portico/shared-state';
import { configure, render } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';

// QrCode loads uqr with import(): on a busy machine that can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

/** A core with memory storage and no wallets: the parts only read its store and call its toast. */
export function testCore(): PorticoCore {
  return createPorticoCore(
    {
      projectId: 'portico-ui-test',
      metadata: { name: 'UI kit tests', description: 'unit tests', url: 'http://127.0.0.1', icons: [] },
      networks: [
        {
          id: 31337,
          name: 'Anvil Local',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
        },
      ],
    },
    { storage: createMemoryStorage(), eventTarget: new EventTarget(), isMobile: false },
  );
}

/** Renders a part inside the core's jotai store, as the shell renders views. */
export function renderWithCore(ui: ReactNode, core = testCore()) {
  return { core, ...render(<Provider store={core.store}>{ui}</Provider>) };
}
