// React host that consumes the Portico shell through Module Federation (its entry, known at run time,
// is set by src/shell-remote-plugin.ts from /portico-config.js). The pattern to copy: the host's page
// and its Connect button render at once; the shell loads beside them and a click waits for it.
import { loadRemote } from '@module-federation/enhanced/runtime';
import type * as PorticoModule from '@portico/shell/portico';
import type * as SiwxModule from '@portico/shell/siwx';
import { createRoot } from 'react-dom/client';
import { App, type LoadedShell } from './App';
import { getConfig } from './config';
import { applySiteSettings, readSiteSettings } from './site';

const settings = readSiteSettings(location.search);
applySiteSettings(settings, []);

declare global {
  interface Window {
    portico?: ReturnType<typeof PorticoModule.createPortico>;
    /** The server-backed sign-in of `?siwx=required|optional` (its JWT: `await porticoSiwx.getToken(chainId, address)`). */
    porticoSiwx?: SiwxModule.PorticoServerSiwx;
  }
}

/** Loads the shell, creates the instance and (with `?siwx=`) the sign-in; rejects with why it could not. */
async function loadShell(): Promise<LoadedShell> {
  const { options } = getConfig();
  const portico = await loadRemote<typeof PorticoModule>('portico_shell/portico');
  if (!portico) throw new Error('portico_shell/portico could not be loaded');
  // The shell's modules ran in the task that evaluated its last chunk; Portico starts in a task of its own, so the
  // two are not one long task (as on the plain page).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const siwx = await signInFromQuery(options);
  window.porticoSiwx = siwx;
  // The site's theme and language (its switchers) are the modal's too.
  const locale = applySiteSettings(settings, portico.SUPPORTED_LOCALES);
  const chosen = { ...(settings.theme && { themeMode: settings.theme }), ...(locale && { locale }) };
  // Like the plain page's `var portico`, the instance is on window for trying the API in devtools.
  const instance = portico.createPortico({ ...(options as object), ...chosen, ...(siwx && { siwx }) });
  window.portico = instance;
  return { portico, instance, siwx };
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

const shell = loadShell();
shell.catch((error: unknown) => console.error('[portico demo] could not load the shell', error));
createRoot(document.getElementById('root')!).render(<App shell={shell} settings={settings} />);
