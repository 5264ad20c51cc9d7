import { onRampAtom, type OnRampProvider, type PorticoViewProps } from '@portico/shared-state';
import { ConnectionGuard, LoadingPanel } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { BuyForm } from '../components/BuyForm';
import { ProviderList } from '../components/ProviderList';
import { useOnRampMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * Buy crypto (spec sections 3, 7, 8): pick a provider, the asset, currency, payment method and
 * amount within the method's limits, get a quote (fee, subtotal, total), then continue on the
 * provider's page in a new window. The purchase then shows in Activity.
 */
export default function OnRampProviders({ portico }: PorticoViewProps) {
  const t = useOnRampMessages();
  useEffect(() => {
    void portico.onramp.load();
  }, [portico]);

  return (
    <ConnectionGuard message={t('guard.buy')}>
      <Purchase portico={portico} />
    </ConnectionGuard>
  );
}

function Purchase({ portico }: PorticoViewProps) {
  const state = useAtomValue(onRampAtom);
  const t = useOnRampMessages();
  const [provider, setProvider] = useState<OnRampProvider>();

  if (state.status !== 'ready') return <LoadingPanel label={t('providers.loading')} />;
  if (provider && state.opened) {
    return (
      <div className="portico-panel">
        <div role="status" className="portico-stack">
          <p>{t('providers.opened', { provider: state.opened.provider })}</p>
          <p className="portico-muted">{t('providers.openedHint')}</p>
        </div>
        <button type="button" className="portico-button portico-button-block" onClick={() => portico.router.goBack()}>
          {t('providers.backToAccount')}
        </button>
      </div>
    );
  }
  return (
    <div className="portico-stack">
      {state.sample && (
        <p className="portico-muted" role="note">
          {t('providers.sample')}
        </p>
      )}
      {provider ? (
        <BuyForm portico={portico} provider={provider} onChangeProvider={() => setProvider(undefined)} />
      ) : (
        <ProviderList onChoose={setProvider} />
      )}
    </div>
  );
}
