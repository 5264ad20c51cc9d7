import type { PorticoCore, PorticoViewProps } from '@portico/shared-state';
import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ComponentType, ReactNode } from 'react';
import { resetTestKit } from './test-core';

export { FakeIntersectionObserver } from './intersection-observer';

// Views load their controllers lazily (dynamic import): on a busy 2-core CI machine that can take
// longer than Testing Library's default 1 s for findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });

/**
 * Renders a view as the shell does: inside jotai's Provider with the core's store, with
 * `portico={core}`. Importing this module also sets Testing Library's async timeout to 5 s.
 * @example
 * const { core } = await testCore({ api, connect: true, views: ['Account', 'WalletSend'] });
 * renderView(WalletSend, { core });
 * await screen.findByRole('radio', { name: /^USDC/ });
 */
export function renderView(View: ComponentType<PorticoViewProps>, { core }: { core: PorticoCore }): RenderResult {
  return renderInStore(<View portico={core} />, core);
}

/**
 * Renders any element (a UI kit part, a view's component) inside the core's jotai store, as the
 * shell renders the views that compose it.
 * @example renderInStore(<ConnectionGuard message="Connect a wallet to send.">{() => 'ok'}</ConnectionGuard>, core);
 */
export function renderInStore(ui: ReactNode, core: PorticoCore): RenderResult {
  return render(<Provider store={core.store}>{ui}</Provider>);
}

/**
 * After each view test: unmounts what was rendered, stops the cores and resets the API stubs
 * (`resetTestKit`).
 * @example afterEach(cleanupViews); afterAll(() => api.close());
 */
export function cleanupViews() {
  cleanup();
  resetTestKit();
}
