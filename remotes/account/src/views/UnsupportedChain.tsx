import type { PorticoViewProps } from '@portico/shared-state';
import { useAccountMessages } from '../messages';
import Networks from './Networks';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** The wallet sits on a chain this site does not support: offer the supported ones. */
export default function UnsupportedChain({ portico }: PorticoViewProps) {
  const t = useAccountMessages();
  return (
    <div className="portico-stack">
      <p className="portico-muted" role="alert">
        {t('unsupportedChain')}
      </p>
      <Networks portico={portico} />
    </div>
  );
}
