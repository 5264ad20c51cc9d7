import type * as PorticoModule from '@portico/shell/portico';
import type { PorticoServerSiwx } from '@portico/shell/siwx';
import { useEffect, useState } from 'react';

/** The shell once loaded: its module (for the hooks), the instance and the optional sign-in. */
export interface LoadedShell {
  portico: typeof PorticoModule;
  instance: ReturnType<typeof PorticoModule.createPortico>;
  siwx?: PorticoServerSiwx;
}

/**
 * The host's own page: shown at once, its Connect Wallet button included, while the shell loads beside
 * it. A click before the shell is there opens the modal as soon as it is.
 */
export function App({ shell }: { shell: Promise<LoadedShell> }) {
  const [loaded, setLoaded] = useState<LoadedShell>();
  const [loadError, setLoadError] = useState<string>();
  useEffect(() => {
    shell.then(setLoaded, (error: unknown) => setLoadError(String(error)));
  }, [shell]);
  return (
    <main>
      <h1>Portico demo</h1>
      <p>React host: the shell is loaded through Module Federation.</p>
      {loadError && <p role="alert">Portico failed to load: {loadError}</p>}
      <button type="button" onClick={() => void shell.then(({ instance }) => instance.open())}>
        Connect Wallet
      </button>{' '}
      {loaded ? <ConnectedAccount portico={loaded.portico} /> : <AccountOutput text="Not connected" />}
      {loaded?.siwx && <SignedIn portico={loaded.portico} siwx={loaded.siwx} />}
    </main>
  );
}

const AccountOutput = ({ text }: { text: string }) => <output aria-label="Connected account">{text}</output>;

/** The connected account through the shell's hook. */
function ConnectedAccount({ portico }: { portico: typeof PorticoModule }) {
  const account = portico.usePorticoAccount();
  return <AccountOutput text={account.isConnected && account.address ? account.address : 'Not connected'} />;
}

/** Who is signed in (`?siwx=…`), and a way to end that session on the API. */
function SignedIn({ portico, siwx }: { portico: typeof PorticoModule; siwx: PorticoServerSiwx }) {
  const session = portico.usePorticoSession();
  const [problem, setProblem] = useState<string>();
  const revoke = async () => {
    if (!session) return;
    setProblem(undefined);
    try {
      await siwx.revokeSession(session.data.chainId, session.data.accountAddress);
      // The session is over on the API; leaving the wallet connected would show it as signed in here.
      await window.portico?.disconnect();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <section aria-label="Sign-in">
      <p>
        <output aria-label="Signed in as">
          {session ? `${session.data.accountAddress} on ${session.data.chainId} until ${session.data.expirationTime ?? 'revoked'}` : 'Not signed in'}
        </output>
      </p>
      {session && (
        <button type="button" onClick={() => void revoke()}>
          Revoke sign-in
        </button>
      )}
      {problem && <p role="alert">{problem}</p>}
    </section>
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
