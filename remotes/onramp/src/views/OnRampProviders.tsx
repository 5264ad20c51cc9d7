import { onRampAtom, type OnRampProvider, type PorticoViewProps } from '@portico/shared-state';
import { ConnectionGuard, SkeletonRows } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { BuyForm } from '../components/BuyForm';
import { Handoff } from '../components/Handoff';
import { ProviderList } from '../components/ProviderList';
import { useOnRampMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * Buy crypto (spec sections 3, 7, 8): provider cards (logo, fee range), then the amount (presets, limits of the
 * payment method) with the quote updating as it is typed, then the provider's page in a new window; the view
 * follows the purchase there to its result.
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
  // The purchase whose result was left with Try again: the form (kept, with its values) shows again.
  const [leftUrl, setLeftUrl] = useState<string>();

  // The provider cards' size (one card per provider; the demo API has one).
  if (state.status !== 'ready') return <SkeletonRows rows={1} label={t('providers.loading')} />;
  const opened = provider && state.opened && state.opened.url !== leftUrl ? state.opened : undefined;
  return (
    <div className="portico-stack">
      {state.sample && !opened && (
        <p className="portico-muted" role="note">
          {t('providers.sample')}
        </p>
      )}
      {opened && <Handoff portico={portico} opened={opened} onTryAgain={() => setLeftUrl(opened.url)} />}
      {provider ? (
        <BuyForm portico={portico} provider={provider} onChangeProvider={() => setProvider(undefined)} hidden={Boolean(opened)} />
      ) : (
        <ProviderList onChoose={setProvider} />
      )}
    </div>
  );
}
