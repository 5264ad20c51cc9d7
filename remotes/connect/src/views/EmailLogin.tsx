import type { PorticoViewProps } from '@portico/shared-state';
import { EmbeddedWalletGate } from '@portico/ui';
import { EmailForm, EmailLoginOff } from '../components/EmailForm';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** The email login on its own (spec section 4): the same form Connect shows above the wallets. */
export default function EmailLogin({ portico }: PorticoViewProps) {
  return (
    <EmbeddedWalletGate portico={portico} off={<EmailLoginOff />}>
      {(wallet) => <EmailForm handle={portico.embedded!} wallet={wallet} />}
    </EmbeddedWalletGate>
  );
}
