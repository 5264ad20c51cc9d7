import type { EmbeddedWallet, PorticoCore } from '@portico/shared-state';
import { ErrorPanel, LoadingPanel, useEmbeddedWallet } from '@portico/ui';
import type { ReactNode } from 'react';

export interface EmbeddedWalletGateProps {
  portico: PorticoCore;
  /** The view, once the embedded wallet has loaded. */
  children: (wallet: EmbeddedWallet) => ReactNode;
}

/**
 * Loads the embedded wallet for an email view: the loading panel meanwhile, the load's failure
 * ('Network Error - Could not load embedded wallet', …) as an alert, and a plain error when the
 * site has no embedded wallet (no `embeddedWallet` option or the `email` feature off).
 */
export function EmbeddedWalletGate({ portico, children }: EmbeddedWalletGateProps) {
  const embedded = useEmbeddedWallet(portico);
  switch (embedded.status) {
    case 'off':
      return <ErrorPanel message="Email login is not enabled" />;
    case 'loading':
      return <LoadingPanel />;
    case 'failed':
      return <ErrorPanel message={embedded.message} />;
    case 'ready':
      return children(embedded.wallet);
  }
}
