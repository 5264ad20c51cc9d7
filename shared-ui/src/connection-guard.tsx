import { activeAccountAtom } from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useKitMessages } from './messages';

export interface ConnectionGuardProps {
  /** Shown when no account is connected, e.g. "Connect a wallet to send.". */
  message: string;
  /**
   * Adds a "Connect a wallet" button under the message while disconnected (not while a stored
   * session is being restored), e.g. `() => portico.router.reset('Connect')`.
   */
  onConnect?: () => void;
  /** The view for the connected account; a function receives its address. */
  children: ReactNode | ((address: string) => ReactNode);
}

/**
 * Renders its children only while an account is connected. Meanwhile it says "Reconnecting…" while
 * a stored session is being restored, else the given message (and a way to connect, if asked).
 *
 * @example
 * <ConnectionGuard message="Connect a wallet to send.">
 *   {(address) => <SendForm portico={portico} address={address} />}
 * </ConnectionGuard>
 */
export function ConnectionGuard({ message, onConnect, children }: ConnectionGuardProps) {
  const account = useAtomValue(activeAccountAtom);
  const t = useKitMessages();
  if (account.status === 'connected' && account.address) {
    return <>{typeof children === 'function' ? children(account.address) : children}</>;
  }
  return (
    <div className="portico-panel">
      <p className="portico-muted">{account.status === 'connecting' ? t('reconnecting') : message}</p>
      {onConnect && account.status === 'disconnected' && (
        <button type="button" className="portico-button" onClick={onConnect}>
          {t('connectWallet')}
        </button>
      )}
    </div>
  );
}
