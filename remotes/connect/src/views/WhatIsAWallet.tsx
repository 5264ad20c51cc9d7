import { registryAtom, type PorticoViewProps } from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import { Explainer } from '../components/Explainer';
import { useConnectMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** AppKit's "What is a wallet?": a few wallets' logos, what a wallet is for, and Get a wallet (All Wallets). */
export default function WhatIsAWallet({ portico }: PorticoViewProps) {
  const t = useConnectMessages();
  const { featured, recommended } = useAtomValue(registryAtom);
  const images = [...featured, ...recommended]
    .filter((wallet) => wallet.image_url)
    .slice(0, 4)
    .map((wallet) => ({ src: wallet.image_url, text: wallet.name }));
  const canBrowse = Boolean(portico.registry) && portico.options.features.allWallets;
  return (
    <Explainer images={images} paragraphs={[t('whatWallet.p1'), t('whatWallet.p2'), t('whatWallet.p3')]}>
      {canBrowse && (
        <button type="button" className="portico-button" onClick={() => portico.router.push('AllWallets')}>
          {t('whatWallet.get')}
        </button>
      )}
    </Explainer>
  );
}
