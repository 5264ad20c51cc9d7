import { activeAccountAtom, activeNetworkAtom, shortenAddress, type PorticoCore } from '@portico/shared-state';
import { formatBalance } from '@portico/shared-state/amounts';
import { RoundIcon, useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useAccountMessages } from '../messages';
import { CopyAddressButton } from './CopyAddressButton';

/**
 * Who is connected: avatar and name from identity (else the shortened address), Copy address, the
 * native balance, the network chip (→ Networks) and the explorer link.
 */
export function AccountHeader({ portico, address }: { portico: PorticoCore; address: string }) {
  const t = useAccountMessages();
  const { locale } = useLocale();
  const account = useAtomValue(activeAccountAtom);
  const network = useAtomValue(activeNetworkAtom);
  return (
    <>
      <Avatar image={account.profileImage} />
      <div className="portico-row">
        <p className="portico-address" title={address}>
          {account.profileName ?? shortenAddress(address)}
        </p>
        <CopyAddressButton portico={portico} address={address} iconOnly />
      </div>
      {account.profileName && (
        <p className="portico-muted" title={address}>
          {shortenAddress(address)}
        </p>
      )}
      <p className="portico-balance" aria-live="polite">
        {account.balance !== undefined
          ? `${formatBalance(account.balance, locale)} ${account.balanceSymbol ?? ''}`.trim()
          : account.balanceLoading
            ? t('header.loadingBalance')
            : t('header.balanceUnavailable')}
      </p>
      {network && (
        // One label, so the name reads "Anvil Local, change network" (two spans made it "Anvil Local , change network").
        <button
          type="button"
          className="portico-chip portico-list-item"
          aria-label={`${network.name}${t('header.changeNetwork')}`}
          onClick={() => portico.router.push('Networks')}
        >
          <RoundIcon src={network.assets?.imageUrl} text={network.name} size={20} />
          <span>{network.name}</span>
        </button>
      )}
      {account.addressExplorerUrl && (
        <a className="portico-muted" href={account.addressExplorerUrl} target="_blank" rel="noreferrer">
          {t('header.explorer')}
        </a>
      )}
    </>
  );
}

/** The identity's avatar, or the gradient placeholder when there is none or it fails to load. */
function Avatar({ image }: { image?: string }) {
  const [failed, setFailed] = useState<string>();
  if (image && failed !== image) {
    return <img className="portico-avatar" src={image} alt="" width={64} height={64} onError={() => setFailed(image)} />;
  }
  return <span className="portico-avatar" aria-hidden="true" />;
}
