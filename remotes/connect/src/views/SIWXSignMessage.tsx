import type { PorticoViewProps } from '@portico/shared-state';
import { ConnectionGuard, ErrorPanel } from '@portico/ui';
import { SignInPrompt } from '../components/SignInPrompt';
import { useConnectMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * Sign in with the wallet (issue 10): opened by the sign-in flow after connecting when no session
 * covers the account. Without a connected account there is nothing to sign with, so the guard
 * offers Connect instead.
 */
export default function SIWXSignMessage({ portico }: PorticoViewProps) {
  const t = useConnectMessages();
  const { siwx } = portico;
  // Spec section 8: the host set neither `siwx` nor `siweConfig`.
  if (!siwx) return <ErrorPanel message={t('siwx.off')} />;
  return (
    <ConnectionGuard message={t('siwx.connectFirst')} onConnect={() => portico.router.reset('Connect')}>
      {(address) => <SignInPrompt portico={portico} siwx={siwx} address={address} />}
    </ConnectionGuard>
  );
}
