import {
  activeAccountAtom,
  activeNetworkAtom,
  announcementAtom,
  formatBalance,
  shortenAddress,
  type PorticoViewProps,
} from '@portico/shared-state';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;

/** The connected account: address, network, native balance, and what the person can do next. */
export default function Account({ portico }: PorticoViewProps) {
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  const announce = useSetAtom(announcementAtom);
  const { features } = portico.options;

  useEffect(() => {
    void portico.connection.refreshBalance();
  }, [portico, account.address]);

  if (account.status !== 'connected' || !account.address) {
    return (
      <div className="portico-panel">
        <p className="portico-muted">{account.status === 'connecting' ? 'Reconnecting…' : 'No wallet is connected.'}</p>
        {account.status === 'disconnected' && (
          <button type="button" className="portico-button" onClick={() => portico.router.reset('Connect')}>
            Connect a wallet
          </button>
        )}
      </div>
    );
  }

  const address = account.address;
  const copyAddress = async () => {
    try {
      await navigator.clipboard.writeText(address);
      portico.toast.show('success', 'Address copied');
      announce('Address copied');
    } catch {
      portico.toast.show('error', 'Could not copy the address');
    }
  };

  return (
    <div className="portico-center">
      <span className="portico-avatar" aria-hidden="true" />
      <div className="portico-row">
        <p className="portico-address" title={address}>
          {shortenAddress(address)}
        </p>
        <button type="button" className="portico-icon-button" aria-label="Copy address" onClick={copyAddress}>
          <CopyIcon />
        </button>
      </div>
      <p className="portico-balance" aria-live="polite">
        {account.balance !== undefined
          ? `${formatBalance(account.balance)} ${account.balanceSymbol ?? ''}`.trim()
          : account.balanceLoading
            ? 'Loading balance…'
            : 'Balance unavailable'}
      </p>
      {network && (
        <button type="button" className="portico-chip portico-list-item" onClick={() => portico.router.push('Networks')}>
          <span>{network.name}</span>
          <span className="portico-visually-hidden">, change network</span>
        </button>
      )}
      {account.addressExplorerUrl && (
        <a className="portico-muted" href={account.addressExplorerUrl} target="_blank" rel="noreferrer">
          View on block explorer
        </a>
      )}
      <div className="portico-stack" style={{ width: '100%' }}>
        {features.send && (
          <button type="button" className="portico-list-item" onClick={() => portico.router.push('WalletSend')}>
            Send
          </button>
        )}
        <button
          type="button"
          className="portico-list-item"
          onClick={() =>
            void portico.connection
              .disconnect()
              .then(() => portico.modal.close(true))
              .catch(() => portico.toast.show('error', 'Failed to disconnect'))
          }
        >
          Disconnect
        </button>
      </div>
    </div>
  );
}

function CopyIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="5" y="5" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M3 10V4a1 1 0 0 1 1-1h6" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
