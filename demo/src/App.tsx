import { useEffect, useState } from 'react';

export type AccountState = {
  address?: string;
  caipAddress?: string;
  isConnected: boolean;
  status?: string;
};

/** The slice of the shell's public API the demo uses (guarded: the shell may be a work in progress). */
export type Portico = {
  open?: (options?: unknown) => unknown;
  subscribeAccount?: (cb: (account: AccountState) => void) => (() => void) | void;
  getAccount?: () => AccountState;
};

export type PorticoModule = {
  createPortico: (options: unknown) => Portico;
  usePorticoAccount?: () => AccountState;
};

const DISCONNECTED: AccountState = { isConnected: false, status: 'disconnected' };

function useAccount(portico: Portico | null): AccountState {
  const [account, setAccount] = useState<AccountState>(() => portico?.getAccount?.() ?? DISCONNECTED);
  useEffect(() => {
    if (!portico || typeof portico.subscribeAccount !== 'function') return;
    const unsubscribe = portico.subscribeAccount((next) => setAccount(next ?? DISCONNECTED));
    return typeof unsubscribe === 'function' ? unsubscribe : undefined;
  }, [portico]);
  return account;
}

export function App({ portico, error }: { mod: PorticoModule | null; portico: Portico | null; error?: string }) {
  const account = useAccount(portico);
  return (
    <main>
      <h1>Portico demo</h1>
      <p>React host: the shell is loaded through Module Federation.</p>
      <button type="button" onClick={() => portico?.open?.()} disabled={!portico}>
        Connect Wallet
      </button>{' '}
      <output aria-label="Connected account">{account.isConnected && account.address ? account.address : 'Not connected'}</output>
      {error ? <p role="alert">Portico failed to load: {error}</p> : null}
    </main>
  );
}
