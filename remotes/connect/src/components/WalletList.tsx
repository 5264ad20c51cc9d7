import { registryAtom, type PorticoCore } from '@portico/shared-state';
import { ListItem } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { useConnectEntries } from '../hooks/useConnectEntries';
import { WalletEntryItem } from './WalletEntryItem';
import { walletCountLabel } from '../wallets';

/**
 * Every wallet the person can connect, once each, in the spec's order (`useConnectEntries`), then
 * All Wallets with the registry count when the site has the registry.
 */
export function WalletList({ portico }: { portico: PorticoCore }) {
  const entries = useConnectEntries(portico);
  const count = useAtomValue(registryAtom).count;
  const countId = useId();
  const showAllWallets = Boolean(portico.registry) && portico.options.features.allWallets;

  if (entries.length === 0 && !showAllWallets) {
    return (
      <div className="portico-panel">
        <p className="portico-muted">No wallet was found in this browser.</p>
        <p className="portico-muted">Install a browser wallet, then reload this page.</p>
      </div>
    );
  }

  return (
    <ul className="portico-list" aria-label="Wallets">
      {entries.map((entry) => (
        <li key={entry.key}>
          <WalletEntryItem entry={entry} />
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
            onClick={() => portico.router.push('AllWallets')}
          >
            All Wallets
          </ListItem>
          {count > 0 && (
            <span id={countId} className="portico-visually-hidden">
              {count} wallets
            </span>
          )}
        </li>
      )}
    </ul>
  );
}
