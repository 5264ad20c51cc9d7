import type { EmbeddedWallet, PorticoViewProps } from '@portico/shared-state';
import { EmbeddedWalletGate, StatusLine, useStoreSnapshot } from '@portico/ui';
import { EmailLoginOff } from '../components/EmailForm';
import { useConnectMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * A login from a new device (spec section 4): the person approves the link in the mail; the store
 * waits for it (up to 5 minutes) and the controller moves to the code view when it comes. Resend
 * asks for another mail (30 s throttle, spec section 5); its refusal shows as an alert.
 */
export default function EmailVerifyDevice({ portico }: PorticoViewProps) {
  return (
    <EmbeddedWalletGate portico={portico} off={<EmailLoginOff />}>
      {(wallet) => <DeviceApproval wallet={wallet} />}
    </EmbeddedWalletGate>
  );
}

function DeviceApproval({ wallet: { login } }: { wallet: EmbeddedWallet }) {
  const t = useConnectMessages();
  const state = useStoreSnapshot(login);
  return (
    <div className="portico-stack">
      <div className="portico-center">
        <p className="portico-title">{t('device.title')}</p>
        <p className="portico-muted">{t('device.approve', { email: state.email ?? t('email.yourEmail') })}</p>
      </div>
      {state.busy ? <StatusLine>{t('device.sending')}</StatusLine> : !state.error && <StatusLine>{t('device.waiting')}</StatusLine>}
      {state.error && (
        <p role="alert" className="portico-error-text">
          {state.error}
        </p>
      )}
      <button
        type="button"
        className="portico-button portico-button-secondary portico-button-block"
        disabled={state.busy}
        aria-busy={state.busy || undefined}
        onClick={() => void login.resendCode()}
      >
        {t('device.resend')}
      </button>
    </div>
  );
}
