import { WalletIcon } from '@portico/ui';

/**
 * The wallet's logo in a ring: turning while the wallet is asked (`waiting`), still and in the error colour after a
 * failure. The ring is the stylesheet's (`.portico-connecting-logo`, still under `prefers-reduced-motion`); decorative.
 */
export function ConnectingLogo({ src, state }: { src?: string | null; state: 'waiting' | 'failed' | 'idle' }) {
  return (
    <div className={`portico-connecting-logo portico-connecting-logo-${state}`}>
      <WalletIcon src={src} large />
    </div>
  );
}
