import type { PorticoViewProps } from '@portico/shared-state';
import { useEffect, useRef, useState } from 'react';
import { EmailForm } from '../components/EmailForm';
import { shownSocials, SocialButtons } from '../components/SocialButtons';
import { WalletList } from '../components/WalletList';
import { useConnectMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * The first view: every wallet the person can connect (`WalletList`). With the embedded wallet
 * (`portico.embedded`), the email login (feature `email`) and the social logins (option `socials`) come
 * first, in the spec's connect-method order (email, social, wallet), and the wallets follow them, or wait
 * behind "Continue with a wallet" when the host turned `emailShowWallets` off. "What is a wallet?" ends the view.
 */
export default function Connect({ portico }: PorticoViewProps) {
  const { embedded, options } = portico;
  const t = useConnectMessages();
  const [revealed, setRevealed] = useState(false);
  const walletsRef = useRef<HTMLDivElement>(null);

  // The button that revealed the wallets is gone: focus moves to the first wallet rather than the page.
  useEffect(() => {
    if (revealed) walletsRef.current?.querySelector('button')?.focus();
  }, [revealed]);

  const socials = embedded ? shownSocials(portico) : [];
  const email = Boolean(embedded) && options.features.email;
  // AppKit's footer question: what a wallet is, and where to get one.
  const whatIsAWallet = (
    <button type="button" className="portico-help-link" onClick={() => portico.router.push('WhatIsAWallet')}>
      {t('connect.whatIsAWallet')}
    </button>
  );
  if (!embedded || (!email && socials.length === 0)) {
    return (
      <div className="portico-stack">
        <WalletList portico={portico} />
        {whatIsAWallet}
      </div>
    );
  }

  return (
    <div className="portico-stack">
      {email && <EmailForm handle={embedded} />}
      {socials.length > 0 && <SocialButtons portico={portico} socials={socials} />}
      <p className="portico-connect-divider">{t('connect.or')}</p>
      {options.features.emailShowWallets || revealed ? (
        <div ref={walletsRef}>
          <WalletList portico={portico} />
        </div>
      ) : (
        <button
          type="button"
          className="portico-button portico-button-secondary portico-button-block"
          onClick={() => setRevealed(true)}
        >
          {t('connect.continueWithWallet')}
        </button>
      )}
      {whatIsAWallet}
    </div>
  );
}
