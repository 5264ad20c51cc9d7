// React host that consumes the Portico shell through Module Federation (its entry, known at run time,
// is set by src/shell-remote-plugin.ts from /portico-config.js).
import { loadRemote } from '@module-federation/enhanced/runtime';
import type * as PorticoModule from '@portico/shell/portico';
import type * as SiwxModule from '@portico/shell/siwx';
import { createRoot } from 'react-dom/client';
import { App, LoadError } from './App';
import { getConfig } from './config';

declare global {
  interface Window {
    portico?: ReturnType<typeof PorticoModule.createPortico>;
    /** The server-backed sign-in of `?siwx=required|optional` (its JWT: `await porticoSiwx.getToken(chainId, address)`). */
    porticoSiwx?: SiwxModule.PorticoServerSiwx;
  }
}

async function main() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const { options } = getConfig();
    const portico = await loadRemote<typeof PorticoModule>('portico_shell/portico');
    if (!portico) throw new Error('portico_shell/portico could not be loaded');
    const siwx = await signInFromQuery(options);
    window.porticoSiwx = siwx;
    // Like the plain page's `var portico`, the instance is on window for trying the API in devtools.
    window.portico = portico.createPortico(siwx ? { ...(options as object), siwx } : options);
    root.render(<App portico={portico} siwx={siwx} />);
  } catch (error) {
    console.error('[portico demo] could not load the shell', error);
    root.render(<LoadError message={String(error)} />);
  }
}

/** `?siwx=required` or `?siwx=optional`: sign-in with sessions kept by the local API (services/api). */
async function signInFromQuery(options: unknown): Promise<SiwxModule.PorticoServerSiwx | undefined> {
  const mode = new URLSearchParams(location.search).get('siwx');
  if (mode !== 'required' && mode !== 'optional') return undefined;
  const { apiUrl, projectId } = options as { apiUrl?: string; projectId: string };
  if (!apiUrl) throw new Error('?siwx needs the API: start the demo with its services (pnpm demo)');
  const siwxModule = await loadRemote<typeof SiwxModule>('portico_shell/siwx');
  if (!siwxModule) throw new Error('portico_shell/siwx could not be loaded');
  return siwxModule.createServerSiwx({ apiUrl, projectId, required: mode === 'required', statement: 'Sign in to the Portico demo' });
}

void main();
