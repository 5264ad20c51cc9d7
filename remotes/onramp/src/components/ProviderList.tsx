import { activeNetworkAtom, onRampAtom, type OnRampProvider } from '@portico/shared-state';
import { EmptyState, ListItem } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useOnRampMessages } from '../messages';

/** The on-ramp providers that support the active network, each with its fee range. */
export function ProviderList({ onChoose }: { onChoose(provider: OnRampProvider): void }) {
  const network = useAtomValue(activeNetworkAtom);
  const { providers } = useAtomValue(onRampAtom);
  const t = useOnRampMessages();
  const offered = providers.filter(
    (provider) => provider.supportedChains.length === 0 || !network || provider.supportedChains.includes(network.caipNetworkId),
  );

  return (
    <>
      <p className="portico-muted" id="portico-onramp-providers">
        {t('providers.choose')}
      </p>
      {offered.length === 0 ? (
        <EmptyState>{network ? t('providers.noneFor', { network: network.name }) : t('providers.noneHere')}</EmptyState>
      ) : (
        <ul className="portico-list" aria-labelledby="portico-onramp-providers">
          {offered.map((provider) => (
            <li key={provider.name}>
              {/* The fee range is part of the button's name: it is what tells the providers apart. */}
              <ListItem tag={t('providers.fees', { range: provider.feeRange })} tagAnnounced tagMuted onClick={() => onChoose(provider)}>
                {provider.label}
              </ListItem>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
