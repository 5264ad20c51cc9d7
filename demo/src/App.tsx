import type * as PorticoModule from '@portico/shell/portico';
import type { PorticoServerSiwx } from '@portico/shell/siwx';
import { useEffect, useState } from 'react';
import { withSetting, type SiteSettings } from './site';

/** The shell once loaded: its module (for the hooks), the instance and the optional sign-in. */
export interface LoadedShell {
  portico: typeof PorticoModule;
  instance: ReturnType<typeof PorticoModule.createPortico>;
  siwx?: PorticoServerSiwx;
}

/**
 * The host's own page: shown at once, its Connect Wallet button included, while the shell loads beside
 * it. A click before the shell is there opens the modal as soon as it is.
 */
export function App({ shell, settings }: { shell: Promise<LoadedShell>; settings: SiteSettings }) {
  const [loaded, setLoaded] = useState<LoadedShell>();
  const [loadError, setLoadError] = useState<string>();
  useEffect(() => {
    shell.then(setLoaded, (error: unknown) => setLoadError(String(error)));
  }, [shell]);
  return (
    <>
      <header className="site-header">
        <span className="site-logo">Portico</span>
        <SiteSettingsForm settings={settings} locales={loaded?.portico.SUPPORTED_LOCALES} />
      </header>
      <main>
        <h1>Portico demo</h1>
        <p>A site that embeds Portico: its React host loads the shell through Module Federation. Connect a wallet to try it.</p>
        {loadError && <p role="alert">Portico failed to load: {loadError}</p>}
        <button type="button" className="site-connect" onClick={() => void shell.then(({ instance }) => instance.open())}>
          Connect Wallet
        </button>
        {loaded ? <ConnectedAccount portico={loaded.portico} /> : <AccountOutput text="Not connected" />}
        {loaded?.siwx && <SignedIn portico={loaded.portico} siwx={loaded.siwx} />}
      </main>
    </>
  );
}

/** The site's theme and language; a change reloads the page with it in the address (see site.ts). */
function SiteSettingsForm({ settings, locales }: { settings: SiteSettings; locales?: readonly string[] }) {
  const language = document.documentElement.lang || 'en';
  // Each language named in itself ("Deutsch", "العربية"), as language pickers do.
  const nameOf = (locale: string) => new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return (
    <div className="site-settings" role="group" aria-label="Site settings">
      <label>
        Theme
        <select value={settings.theme ?? 'dark'} onChange={(event) => location.assign(withSetting('theme', event.target.value))}>
          <option value="dark">Dark</option>
          <option value="light">Light</option>
        </select>
      </label>
      {locales && (
        <label>
          Language
          <select value={language} onChange={(event) => location.assign(withSetting('locale', event.target.value))}>
            {locales.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {nameOf(locale)}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}

const AccountOutput = ({ text }: { text: string }) => (
  <output className="site-account" aria-label="Connected account">
    {text}
  </output>
);

/** The connected account through the shell's hook. */
function ConnectedAccount({ portico }: { portico: typeof PorticoModule }) {
  const account = portico.usePorticoAccount();
  return <AccountOutput text={account.isConnected && account.address ? account.address : 'Not connected'} />;
}

/** Who is signed in (`?siwx=…`), and a way to end that session on the API. */
function SignedIn({ portico, siwx }: { portico: typeof PorticoModule; siwx: PorticoServerSiwx }) {
  const session = portico.usePorticoSession();
  const [problem, setProblem] = useState<string>();
  const revoke = async () => {
    if (!session) return;
    setProblem(undefined);
    try {
      await siwx.revokeSession(session.data.chainId, session.data.accountAddress);
      // The session is over on the API; leaving the wallet connected would show it as signed in here.
      await window.portico?.disconnect();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <section aria-label="Sign-in">
      <p>
        <output aria-label="Signed in as">
          {session ? `${session.data.accountAddress} on ${session.data.chainId} until ${session.data.expirationTime ?? 'revoked'}` : 'Not signed in'}
        </output>
      </p>
      {session && (
        <button type="button" onClick={() => void revoke()}>
          Revoke sign-in
        </button>
      )}
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}

export function LoadError({ message }: { message: string }) {
  return (
    <main>
      <h1>Portico demo</h1>
      <p role="alert">Portico failed to load: {message}</p>
    </main>
  );
}
