import type * as PorticoModule from '@portico/shell/portico';

/** The host's own page: a button that opens Portico and the connected account, through the shell's hooks. */
export function App({ portico }: { portico: typeof PorticoModule }) {
  const { open } = portico.usePortico();
  const account = portico.usePorticoAccount();
  return (
    <main>
      <h1>Portico demo</h1>
      <p>React host: the shell is loaded through Module Federation.</p>
      <button type="button" onClick={() => void open()}>
        Connect Wallet
      </button>{' '}
      <output aria-label="Connected account">{account.isConnected && account.address ? account.address : 'Not connected'}</output>
    </main>
  );
}

export function LoadError({ message }: { message: string }) {
  return (
    <main>
      <h1>Portico demo</h1>
      <p role="alert">Portico failed to load: {message}</p>
    </main>
  );
}
