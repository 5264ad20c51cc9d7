import {
  activeAccountAtom,
  activeNetworkAtom,
  announcementAtom,
  formatBalance,
  isOnRampRestricted,
  shortenAddress,
  type FeatureName,
  type PorticoViewProps,
  type ViewName,
} from '@portico/shared-state';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { AccountTabs } from '../components/AccountTabs';
import { CopyIcon } from '../components/CopyIcon';
import { copyAddress } from '../lib/copy';

/** What the person can do from the account, each behind its feature flag. */
const ACCOUNT_ACTIONS: ReadonlyArray<{ feature: FeatureName; label: string; view: ViewName }> = [
  { feature: 'send', label: 'Send', view: 'WalletSend' },
  { feature: 'receive', label: 'Receive', view: 'WalletReceive' },
  { feature: 'swaps', label: 'Swap', view: 'Swap' },
  { feature: 'onramp', label: 'Buy', view: 'OnRampProviders' },
];

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** The connected account: identity, native balance, network, actions, then tokens, NFTs and activity. */
export default function Account({ portico }: PorticoViewProps) {
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  const announce = useSetAtom(announcementAtom);
  const { features } = portico.options;
  // Each feature's view lives in its own remote, fetched only when the person opens it.
  // Spec section 9: the on-ramp is hidden in the restricted time zones.
  const onRampRestricted = isOnRampRestricted(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const actions = ACCOUNT_ACTIONS.filter((action) => features[action.feature] && !(action.feature === 'onramp' && onRampRestricted));
  const connected = account.status === 'connected' && account.address !== undefined;

  useEffect(() => {
    void portico.connection.refreshBalance();
  }, [portico, account.address]);

  useEffect(() => {
    if (connected) void portico.accountData.syncIdentity();
  }, [portico, connected, account.address, network?.caipNetworkId]);

  if (!connected || !account.address) {
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
  const caipAddress = network ? `${network.caipNetworkId}:${address}` : undefined;

  return (
    <div className="portico-center">
      <Avatar image={account.profileImage} />
      <div className="portico-row">
        <p className="portico-address" title={address}>
          {account.profileName ?? shortenAddress(address)}
        </p>
        <button
          type="button"
          className="portico-icon-button"
          aria-label="Copy address"
          onClick={() => void copyAddress(portico, address, announce)}
        >
          <CopyIcon />
        </button>
      </div>
      {account.profileName && (
        <p className="portico-muted" title={address}>
          {shortenAddress(address)}
        </p>
      )}
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
      {actions.length > 0 && (
        <div className="portico-row" style={{ width: '100%', flexWrap: 'wrap' }}>
          {actions.map((action) => (
            <button
              key={action.view}
              type="button"
              className="portico-button portico-button-secondary"
              style={{ flex: 1 }}
              onClick={() => portico.router.push(action.view)}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
      {features.names && !account.profileName && (
        <button type="button" className="portico-list-item" onClick={() => portico.router.push('RegisterAccountName')}>
          Choose a name for this account
        </button>
      )}
      {caipAddress && <AccountTabs portico={portico} address={address} caipAddress={caipAddress} />}
      <div className="portico-stack" style={{ width: '100%' }}>
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

/** The identity's avatar, or the gradient placeholder when there is none or it fails to load. */
function Avatar({ image }: { image?: string }) {
  const [failed, setFailed] = useState<string>();
  if (image && failed !== image) {
    return (
      <img
        className="portico-avatar"
        style={{ objectFit: 'cover' }}
        src={image}
        alt=""
        width={64}
        height={64}
        onError={() => setFailed(image)}
      />
    );
  }
  return <span className="portico-avatar" aria-hidden="true" />;
}
