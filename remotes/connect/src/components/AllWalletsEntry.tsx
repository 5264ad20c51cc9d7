import { registryAtom, type PorticoCore } from '@portico/shared-state';
import { ListItem, WalletIconGrid } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { allWalletsPreview, walletCountLabel } from '../wallets';
import { useConnectMessages } from '../messages';

/** Whether the site offers the All Wallets entry: it has the registry and the feature is on. */
export const offersAllWallets = (portico: PorticoCore) => Boolean(portico.registry) && portico.options.features.allWallets;

/** The All Wallets row (a list item): a 2 × 2 grid of registry logos and the registry's rounded count; opens AllWallets. */
export function AllWalletsEntry({ portico, disabled = false }: { portico: PorticoCore; disabled?: boolean }) {
  const t = useConnectMessages();
  const registry = useAtomValue(registryAtom);
  const { count } = registry;
  const countId = useId();
  return (
    <li>
      <ListItem
        icon={<WalletIconGrid images={allWalletsPreview(registry)} />}
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
  );
}
