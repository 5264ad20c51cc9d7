import { usePortico, usePorticoAccount, usePorticoNetwork, usePorticoState } from '../src/portico';

/** A host's page as a server renders it (Next.js or any SSR) and the browser then hydrates. */
export function HostPage() {
  const { open } = usePortico();
  const { isConnected, address } = usePorticoAccount();
  const { caipNetwork } = usePorticoNetwork();
  const { initialized } = usePorticoState();
  return (
    <main>
      <h1>My dapp</h1>
      <button type="button" onClick={() => void open()}>
        Connect Wallet
      </button>
      <p>Account: {isConnected ? address : 'Not connected'}</p>
      <p>Network: {caipNetwork?.name ?? 'none yet'}</p>
      <p>{initialized ? 'Session restored' : 'Restoring your session…'}</p>
    </main>
  );
}

/** What a server renders for <HostPage />: no instance there, so the hooks give a fresh instance's values. */
export const HOST_PAGE_SERVER_HTML =
  '<main><h1>My dapp</h1><button type="button">Connect Wallet</button><p>Account: <!-- -->Not connected</p>' +
  '<p>Network: <!-- -->none yet</p><p>Restoring your session…</p></main>';
