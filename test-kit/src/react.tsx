import { optionsAtom, type PorticoCore, type PorticoViewProps } from '@portico/shared-state';
import { localeDirection, resolveLocale } from '@portico/shared-state/i18n';
import { act, cleanup, configure, render, type RenderResult } from '@testing-library/react';
import { Provider, useAtomValue } from 'jotai';
import { Suspense, type ComponentType, type ReactNode } from 'react';
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
 * The shell's dialog around a view: the modal's language and writing direction (the host's `locale` option, else
 * the page's `lang`, resolved as the kit's `useLocale` does), and the view outlet's Suspense boundary.
 */
function LocaleDialog({ children }: { children: ReactNode }) {
  const locale = resolveLocale(useAtomValue(optionsAtom)?.locale, document.documentElement.lang);
  return (
    <section aria-label="Portico" lang={locale} dir={localeDirection(locale)}>
      <Suspense fallback={<p role="status">Loading…</p>}>{children}</Suspense>
    </section>
  );
}

/**
 * Renders an element in the core's store (`renderInStore`) as the shell shows a view in the modal's locale: in a
 * region named "Portico" with the locale's `lang` and `dir`, under a Suspense boundary. Resolves once the locale's
 * catalogue has loaded and the element has rendered with it.
 * @example
 * const { core } = await testCore({ api, options: { locale: 'ar' } });
 * await renderInLocale(<Connect portico={core} />, core);
 * expect(screen.getByRole('region', { name: 'Portico' }).getAttribute('dir')).toBe('rtl');
 */
export async function renderInLocale(ui: ReactNode, core: PorticoCore): Promise<RenderResult> {
  // The element suspends while the locale's chunk loads; React resumes it inside this awaited act.
  return act(async () => renderInStore(<LocaleDialog>{ui}</LocaleDialog>, core));
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
