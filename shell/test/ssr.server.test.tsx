import { describe, expect, it } from '@rstest/core';

// Runs in plain Node (see rstest.config.ts): what a Next.js or any server render sees.
describe('the shell on a server', () => {
  it("imports its modules without touching window or document, and renders a host's page with its hooks", async () => {
    const [portico, siwx] = await Promise.all([import('../src/portico'), import('../src/siwx')]);
    expect(typeof portico.createPortico).toBe('function');
    expect(typeof siwx.createServerSiwx).toBe('function');
    expect(globalThis.window).toBeUndefined();
    expect(globalThis.document).toBeUndefined();

    const [{ renderToString }, { HostPage, HOST_PAGE_SERVER_HTML }] = await Promise.all([import('react-dom/server'), import('./ssr-host')]);
    expect(renderToString(<HostPage />)).toBe(HOST_PAGE_SERVER_HTML);
  });

  it("imports the AppKit drop-in without touching the DOM; its hooks render a fresh instance's values", async () => {
    const appKit = await import('../src/appkit/react');
    expect(globalThis.window).toBeUndefined();
    const { renderToString } = await import('react-dom/server');
    function AppKitPage() {
      const { isConnected } = appKit.useAppKitAccount();
      const { walletInfo } = appKit.useWalletInfo();
      const { data } = appKit.useAppKitEvents();
      const { themeMode } = appKit.useAppKitTheme();
      return <p>{[isConnected ? 'connected' : 'not connected', walletInfo?.name ?? 'no wallet', data.event, themeMode].join(', ')}</p>;
    }
    expect(renderToString(<AppKitPage />)).toBe('<p>not connected, no wallet, MODAL_CREATED, light</p>');
  });
});
