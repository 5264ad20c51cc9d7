import type { EmbeddedWallet, PorticoViewProps } from '@portico/shared-state';
import { EmbeddedWalletGate, OneTimeCodeForm, useStoreSnapshot } from '@portico/ui';
import { EmailLoginOff } from '../components/EmailForm';
import { useConnectMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * The one-time code from the login mail (spec sections 4, 5, 8): it is sent as soon as 6 digits are
 * in, or with Confirm. The controller moves on after a good code; a refused one ('Invalid code', the
 * 30 s throttle on Resend) shows under the field, which keeps focus with the code selected to retype.
 */
export default function EmailVerifyOtp({ portico }: PorticoViewProps) {
  return (
    <EmbeddedWalletGate portico={portico} off={<EmailLoginOff />}>
      {(wallet) => <CodeStep wallet={wallet} />}
    </EmbeddedWalletGate>
  );
}

function CodeStep({ wallet: { login } }: { wallet: EmbeddedWallet }) {
  const t = useConnectMessages();
  const state = useStoreSnapshot(login);
  return (
    <OneTimeCodeForm sentTo={state.email ?? t('email.yourEmail')} error={state.error} busy={state.busy} onSubmit={(code) => login.submitCode(code)}>
      <button type="button" className="portico-button portico-button-secondary portico-button-block" disabled={state.busy} onClick={() => void login.resendCode()}>
        {t('otp.resend')}
      </button>
    </OneTimeCodeForm>
  );
}
