import type { EmbeddedWallet, PorticoViewProps } from '@portico/shared-state';
import { EmbeddedWalletGate, StatusLine, useStoreSnapshot } from '@portico/ui';
import { EmailLoginOff } from '../components/EmailForm';

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
  const state = useStoreSnapshot(login);
  return (
    <div className="portico-stack">
      <div className="portico-center">
        <p className="portico-title">Register this device to continue</p>
        <p className="portico-muted">Approve the login link we sent to {state.email ?? 'your email'}</p>
      </div>
      {state.busy ? <StatusLine>Sending a new link…</StatusLine> : !state.error && <StatusLine>Waiting for approval…</StatusLine>}
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
        Resend link
      </button>
    </div>
  );
}
