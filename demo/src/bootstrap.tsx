// React host that consumes the Portico shell through Module Federation, registered at run time.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type * as PorticoModule from '@portico/shell/portico';
import { createRoot } from 'react-dom/client';
import { App, LoadError } from './App';
import { getConfig } from './config';

declare global {
  interface Window {
    portico?: ReturnType<typeof PorticoModule.createPortico>;
  }
}

async function main() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const { config, options } = getConfig();
    registerRemotes([{ name: 'portico_shell', entry: `${config.shellUrl}/mf/remoteEntry.js` }]);
    const portico = await loadRemote<typeof PorticoModule>('portico_shell/portico');
    if (!portico) throw new Error('portico_shell/portico could not be loaded');
    // Like the plain page's `var portico`, the instance is on window for trying the API in devtools.
    window.portico = portico.createPortico(options);
    root.render(<App portico={portico} />);
  } catch (error) {
    console.error('[portico demo] could not load the shell', error);
    root.render(<LoadError message={String(error)} />);
  }
}

void main();
