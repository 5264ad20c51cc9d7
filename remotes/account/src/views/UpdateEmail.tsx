import type { PorticoViewProps } from '@portico/shared-state';
import { ErrorPanel, LoadingPanel, useEmbeddedWallet } from '@portico/ui';
import { NotSignedIn, UpdateEmailForm } from '../components/UpdateEmailForm';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** Edit Email (spec section 4): the embedded wallet's email changes after a code to the current and to the new address. */
export default function UpdateEmail({ portico }: PorticoViewProps) {
  const embedded = useEmbeddedWallet(portico);
  switch (embedded.status) {
    case 'loading':
      return <LoadingPanel />;
    case 'failed':
      return <ErrorPanel message={embedded.message} />;
    case 'off':
      return <NotSignedIn />;
    case 'ready':
      return <UpdateEmailForm portico={portico} login={embedded.wallet.login} />;
  }
}
