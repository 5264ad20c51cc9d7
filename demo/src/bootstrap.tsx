// React host that consumes the Portico shell through Module Federation, registered at run time.
import { createRoot } from 'react-dom/client';
import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { getConfig, hostOptions } from './config';
import { App, type PorticoModule } from './App';

async function main() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = getConfig();
    registerRemotes([{ name: 'portico_shell', entry: `${config.shellUrl}/mf/remoteEntry.js` }]);
    const mod = await loadRemote<PorticoModule>('portico_shell/portico');
    if (!mod || typeof mod.createPortico !== 'function') throw new Error('portico_shell/portico has no createPortico()');
    const portico = mod.createPortico(hostOptions(config));
    root.render(<App mod={mod} portico={portico} />);
  } catch (err) {
    console.error('[portico demo] could not load the shell', err);
    root.render(<App mod={null} portico={null} error={String(err)} />);
  }
}

void main();
