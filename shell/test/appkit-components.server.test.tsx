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
    const style = 'font:inherit;font-size:1em;cursor:pointer;opacity:1;padding:.5em 1em;border-radius:999px;border:1px solid currentColor;background:var(--portico-accent, #3b82f6);color:#fff';
    expect(html).toBe(
      `<main><button type="button" style="${style}">Sign in</button><button type="button" hidden="" style="${style}">Connect Wallet</button>` +
        `<button type="button" style="${style}">Networks</button><p>No connection</p><p>function</p></main>`,
    );
  });
});
