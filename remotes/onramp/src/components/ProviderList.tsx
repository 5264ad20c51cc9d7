import { activeNetworkAtom, onRampAtom, type OnRampProvider } from '@portico/shared-state';
import { EmptyState } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useOnRampMessages } from '../messages';
import { ProviderCard } from './ProviderCard';

/** The on-ramp providers that support the active network, as cards: logo, name and fee range. */
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
              <ProviderCard provider={provider} onClick={() => onChoose(provider)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
