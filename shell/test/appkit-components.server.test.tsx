import { buttonStylesheet } from '../src/appkit/button-theme';
import { describe, expect, it } from '@rstest/core';

// Runs in plain Node (see rstest.config.ts), as a Next.js or any server render does.
describe("the AppKit drop-in's components on a server", () => {
  it('render the buttons of a fresh instance under AppKitProvider, creating nothing', async () => {
    const [appKit, { renderToString }] = await Promise.all([import('../src/appkit/react'), import('react-dom/server')]);
    const { AppKitProvider, AppKitButton, AppKitAccountButton, AppKitNetworkButton, useAppKitConnection, useAppKitBalance } = appKit;
    function Page() {
      const { connection } = useAppKitConnection();
      const { fetchBalance } = useAppKitBalance();
      return (
        <main>
          <AppKitButton label="Sign in" />
          <AppKitAccountButton />
          <AppKitNetworkButton />
          <p>{connection ? connection.name : 'No connection'}</p>
          <p>{typeof fetchBalance}</p>
        </main>
      );
    }
    const html = renderToString(
      <AppKitProvider projectId="p" networks={[]}>
        <Page />
      </AppKitProvider>,
    );
    expect(globalThis.document).toBeUndefined();
    // One stylesheet for the three buttons, sent ahead of them (React hoists it; a page with <head> gets it there).
    const stylesheet =
      buttonStylesheet('.portico-appkit-button') +
      '.portico-appkit-button[data-size=sm]{font-size:12px;min-height:32px}.portico-appkit-button[data-size=lg]{font-size:16px;min-height:48px}' +
      '.portico-appkit-button:disabled{cursor:not-allowed;opacity:.6}';
    const button = 'type="button" class="portico-appkit-button" data-size="md"';
    expect(html).toBe(
      `<style data-precedence="default" data-href="portico-appkit-button">${stylesheet}</style>` +
        `<main><button ${button}>Sign in</button><button ${button} hidden="">Connect Wallet</button>` +
        `<button ${button} data-surface="">Networks</button><p>No connection</p><p>function</p></main>`,
    );
  });
});
