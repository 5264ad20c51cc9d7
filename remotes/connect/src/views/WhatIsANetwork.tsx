import type { PorticoViewProps } from '@portico/shared-state';
import { Explainer } from '../components/Explainer';
import { useConnectMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** AppKit's "What is a network?": the site's networks' logos and what a network is. */
export default function WhatIsANetwork({ portico }: PorticoViewProps) {
  const t = useConnectMessages();
  const images = portico.options.networks.slice(0, 4).map((network) => ({ src: network.assets?.imageUrl, text: network.name }));
  return <Explainer images={images} paragraphs={[t('whatNetwork.p1'), t('whatNetwork.p2'), t('whatNetwork.p3')]} />;
}
