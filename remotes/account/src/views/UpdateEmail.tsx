import type { PorticoViewProps } from '@portico/shared-state';
import { EmbeddedWalletGate } from '@portico/ui';
import { NotSignedIn, UpdateEmailForm } from '../components/UpdateEmailForm';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** Edit Email (spec section 4): the embedded wallet's email changes after a code to the current and to the new address. */
export default function UpdateEmail({ portico }: PorticoViewProps) {
  return (
    <EmbeddedWalletGate portico={portico} off={<NotSignedIn />}>
      {(wallet) => <UpdateEmailForm portico={portico} login={wallet.login} />}
    </EmbeddedWalletGate>
  );
}
