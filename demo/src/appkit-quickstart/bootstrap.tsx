// /appkit.html: the host part of the AppKit quick-start page (not part of the quick-start itself).
// It tells the drop-in where this demo's Portico services run, then loads the quick-start, whose
// App module calls createAppKit when it is imported.
import { setPorticoHostOptions, type PorticoHostOptions } from 'portico_shell/appkit/react';
import { createRoot } from 'react-dom/client';
import { LoadError } from '../App';
import { getConfig } from '../config';

async function main() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const { options } = getConfig();
    // What AppKit's options have no words for: the remotes, the local API, relay and secure site, and the
    // local chains (added after the quick-start's mainnet and arbitrum, which cannot be reached offline).
    const { remotes, apiUrl, walletConnect, embeddedWallet, networks } = options as PorticoHostOptions;
    setPorticoHostOptions({ remotes, apiUrl, walletConnect, embeddedWallet, networks });
    const { App } = await import('./App');
    root.render(<App />);
  } catch (error) {
    console.error('[portico demo] the AppKit quick-start could not start', error);
    root.render(<LoadError message={String(error)} />);
  }
}

void main();
