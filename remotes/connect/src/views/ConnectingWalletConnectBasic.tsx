import type { PorticoViewProps } from '@portico/shared-state';
import { afterNextPaint } from '@portico/ui';
import { useEffect } from 'react';
import { AllWalletsEntry, offersAllWallets } from '../components/AllWalletsEntry';
import { useConnectMessages } from '../messages';
import ConnectingWalletConnect from './ConnectingWalletConnect';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * Spec §2's first view of a site only WalletConnect serves (its networks are all in namespaces without an adapter of
 * their own, AppKit's "no adapters"): the WalletConnect pairing (QR code, Copy link) at once, and All Wallets below
 * it for a person who wants to pick a wallet first. On a phone such a site opens on AllWallets instead.
 */
export default function ConnectingWalletConnectBasic({ portico }: PorticoViewProps) {
  const t = useConnectMessages();
  // The All Wallets row's logos and count: the registry's first wallets, asked for once the QR code is on screen.
  useEffect(() => afterNextPaint(() => void portico.registry?.loadConnectViewWallets([])), [portico]);
  return (
    <div className="portico-stack">
      <ConnectingWalletConnect portico={portico} />
      {offersAllWallets(portico) && (
        <ul className="portico-list" aria-label={t('wallets.label')}>
          <AllWalletsEntry portico={portico} />
        </ul>
      )}
    </div>
  );
}
