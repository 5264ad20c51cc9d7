import { registryAtom, type PorticoCore } from '@portico/shared-state';
import { ListItem } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { useConnectEntries } from '../hooks/useConnectEntries';
import { WalletEntryItem } from './WalletEntryItem';
import { walletCountLabel } from '../wallets';
import { useConnectMessages } from '../messages';

/**
 * Every wallet the person can connect, once each, in the spec's order (`useConnectEntries`), then
 * All Wallets with the registry count when the site has the registry. `disabled`: listed, but none can be picked yet
 * (the legal checkbox is not ticked).
 */
export function WalletList({ portico, disabled = false }: { portico: PorticoCore; disabled?: boolean }) {
  const t = useConnectMessages();
  const entries = useConnectEntries(portico);
  const count = useAtomValue(registryAtom).count;
  const countId = useId();
  const showAllWallets = Boolean(portico.registry) && portico.options.features.allWallets;

  if (entries.length === 0 && !showAllWallets) {
    return (
      <div className="portico-panel">
        <p className="portico-muted">{t('wallets.noneFound')}</p>
        <p className="portico-muted">{t('wallets.installHint')}</p>
      </div>
    );
  }

  return (
    <ul className="portico-list" aria-label={t('wallets.label')}>
      {entries.map((entry) => (
        <li key={entry.key}>
          <WalletEntryItem entry={entry} disabled={disabled} />
        </li>
      ))}
      {showAllWallets && (
        <li>
          <ListItem
            icon={
              <span className="portico-wallet-icon portico-all-wallets-icon" aria-hidden="true">
                ▦
              </span>
            }
            tag={count > 0 ? walletCountLabel(count) : undefined}
            tagMuted
            aria-describedby={count > 0 ? countId : undefined}
            disabled={disabled}
            onClick={() => portico.router.push('AllWallets')}
          >
            {t('wallets.allWallets')}
          </ListItem>
          {count > 0 && (
            <span id={countId} className="portico-visually-hidden">
              {t('wallets.count', { count })}
            </span>
          )}
        </li>
      )}
    </ul>
  );
}
