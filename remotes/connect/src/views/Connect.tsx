import type { PorticoViewProps } from '@portico/shared-state';
import { connectMethodsFor, walletsCollapsed, type ConnectMethod } from '@portico/shared-state/wallet-list';
import { useAtomValue } from 'jotai';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { EmailForm } from '../components/EmailForm';
import { LegalCheckbox } from '../components/LegalCheckbox';
import { shownSocials, SocialButtons } from '../components/SocialButtons';
import { WalletList } from '../components/WalletList';
import { useInstalledWallets } from '../hooks/useConnectEntries';
import { useLegalConsent } from '../hooks/useLegalConsent';
import { useConnectMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * The first view: every wallet the person can connect (`WalletList`). With the embedded wallet
 * (`portico.embedded`), the email login (feature `email`) and the social logins (option `socials`) too, in the spec's
 * connect-method order (`connectMethodsFor`: email, social, wallet; wallet first when wallets are installed; or the
 * host's `connectMethodsOrder`), "or" between the wallets and the logins; the wallets wait behind "Continue with a
 * wallet" with `collapseWallets` on (or `emailShowWallets` off). With the legal checkbox (feature `legalCheckbox` and
 * a terms or privacy link) first, the wallets and logins are disabled until it is ticked. "What is a wallet?" ends the view.
 */
export default function Connect({ portico }: PorticoViewProps) {
  const { embedded, options } = portico;
  const t = useConnectMessages();
  const [revealed, setRevealed] = useState(false);
  const walletsRef = useRef<HTMLDivElement>(null);
  const installedWallets = useInstalledWallets(portico);
  const legal = useLegalConsent(portico);
  const { locked } = legal;

  // The button that revealed the wallets is gone: focus moves to the first wallet rather than the page.
  useEffect(() => {
    if (revealed) walletsRef.current?.querySelector('button')?.focus();
  }, [revealed]);

  // The embedded wallet's accounts are EVM ones: Connect filtered to another namespace (a Solana network picked with no
  // Solana wallet) offers only that namespace's wallets.
  const namespace = useAtomValue(portico.modal.namespaceFilter);
  const logins = Boolean(embedded) && (namespace === undefined || namespace === 'eip155');
  const socials = logins ? shownSocials(portico) : [];
  const email = logins && options.features.email;
  const methods = connectMethodsFor({
    order: options.connectMethodsOrder,
    injectedWallets: installedWallets,
    offered: { email, social: socials.length > 0 },
  });
  const collapsed = methods.length > 1 && walletsCollapsed(options.features) && !revealed;

  const method: Record<ConnectMethod, () => ReactNode> = {
    email: () => embedded && <EmailForm handle={embedded} disabled={locked} />,
    social: () => <SocialButtons portico={portico} socials={socials} disabled={locked} />,
    wallet: () =>
      collapsed ? (
        <button
          type="button"
          className="portico-button portico-button-secondary portico-button-block"
          disabled={locked}
          onClick={() => setRevealed(true)}
        >
          {t('connect.continueWithWallet')}
        </button>
      ) : (
        <div ref={walletsRef}>
          <WalletList portico={portico} disabled={locked} />
        </div>
      ),
  };

  return (
    <div className="portico-stack">
      {legal.links && <LegalCheckbox links={legal.links} checked={legal.accepted} onChange={legal.setAccepted} />}
      {methods.map((name, index) => (
        <Fragment key={name}>
          {/* The logins sit together; "or" parts them from the wallets. */}
          {index > 0 && (name === 'wallet' || methods[index - 1] === 'wallet') && <p className="portico-connect-divider">{t('connect.or')}</p>}
          {method[name]()}
        </Fragment>
      ))}
      {/* AppKit's footer question: what a wallet is, and where to get one. */}
      <button type="button" className="portico-help-link" onClick={() => portico.router.push('WhatIsAWallet')}>
        {t('connect.whatIsAWallet')}
      </button>
    </div>
  );
}
