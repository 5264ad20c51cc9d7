import type { PorticoCore } from '@portico/shared-state';
import { SkeletonRow } from '@portico/ui';
import { useConnectEntries } from '../hooks/useConnectEntries';
import { AllWalletsEntry, offersAllWallets } from './AllWalletsEntry';
import { WalletEntryItem } from './WalletEntryItem';
import { useConnectMessages } from '../messages';

/**
 * Every wallet the person can connect, once each, in the spec's order (`useConnectEntries`), then
 * All Wallets (a 2 × 2 grid of registry logos, the registry count) when the site has the registry. While the
 * registry's wallets load, skeleton rows hold their place: the list is busy and its status says what loads.
 * `disabled`: listed, but none can be picked yet (the legal checkbox is not ticked).
 */
export function WalletList({ portico, disabled = false }: { portico: PorticoCore; disabled?: boolean }) {
  const t = useConnectMessages();
  const { entries, placeholders } = useConnectEntries(portico);
  const showAllWallets = offersAllWallets(portico);

  if (entries.length === 0 && placeholders === 0 && !showAllWallets) {
    return (
      <div className="portico-panel">
        <p className="portico-muted">{t('wallets.noneFound')}</p>
        <p className="portico-muted">{t('wallets.installHint')}</p>
      </div>
    );
  }

  return (
    <>
      {/* Always present, so the words are announced when they appear rather than with the region. */}
      <p className="portico-visually-hidden" role="status">
        {placeholders > 0 ? t('allWallets.loading') : ''}
      </p>
      <ul className="portico-list" aria-label={t('wallets.label')} aria-busy={placeholders > 0}>
        {entries.map((entry) => (
          <li key={entry.key}>
            <WalletEntryItem entry={entry} disabled={disabled} />
          </li>
        ))}
        {Array.from({ length: placeholders }, (_, index) => (
          <SkeletonRow key={index} />
        ))}
        {showAllWallets && <AllWalletsEntry portico={portico} disabled={disabled} />}
      </ul>
    </>
  );
}
