import type * as PorticoModule from '@portico/shell/portico';
import type { PorticoServerSiwx } from '@portico/shell/siwx';
import { useState } from 'react';

/** The host's own page: a button that opens Portico and the connected account, through the shell's hooks. */
export function App({ portico, siwx }: { portico: typeof PorticoModule; siwx?: PorticoServerSiwx }) {
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
      {siwx && <SignedIn portico={portico} siwx={siwx} />}
    </main>
  );
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
