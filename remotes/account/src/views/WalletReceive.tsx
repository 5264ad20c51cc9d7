import { activeNamespaceAtom, activeNetworkAtom, optionsAtom, type PorticoViewProps } from '@portico/shared-state';
import { ConnectionGuard, QrCode } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { CopyAddressButton } from '../components/CopyAddressButton';
import { useAccountMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** Receive: the address as a QR code and text, a copy button, and the networks it is valid on. */
export default function WalletReceive({ portico }: PorticoViewProps) {
  const t = useAccountMessages();
  const activeNetwork = useAtomValue(activeNetworkAtom);
  const namespace = useAtomValue(activeNamespaceAtom);
  const options = useAtomValue(optionsAtom) ?? portico.options;
  const networksLabelId = useId();
  const chainNamespace = activeNetwork?.chainNamespace ?? namespace;
  const networks = options.networks.filter((network) => network.chainNamespace === chainNamespace);

  return (
    <ConnectionGuard message={t('account.notConnected')} onConnect={() => portico.router.reset('Connect')}>
      {(address) => (
        <div className="portico-center">
          <QrCode value={address} label={t('receive.qrLabel')} size={216} framed />
          <p className="portico-address portico-address-full">{address}</p>
          <CopyAddressButton portico={portico} address={address} />
          <div className="portico-stack portico-full-width">
            <p className="portico-muted" id={networksLabelId}>
              {t('receive.onlyOn', { count: networks.length })}
            </p>
            <ul className="portico-list portico-chip-list" role="list" aria-labelledby={networksLabelId}>
              {networks.map((network) => (
                <li key={network.caipNetworkId} className="portico-chip">
                  {network.name}
                  {network.caipNetworkId === activeNetwork?.caipNetworkId && <span className="portico-visually-hidden"> {t('receive.current')}</span>}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </ConnectionGuard>
  );
}
