// The baselines the bench divides by: the same click → visible, measured the same way (watcher.ts), on
// a page that appends a dialog with plain DOM calls and on a React 19 app, both served from 127.0.0.1.
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { TEST_WALLET_NAME } from '../fixtures/test-wallet.ts';
import { recordScripts, sumJs } from './scripts.ts';
import { profilePage, type ProfileName } from './profile.ts';
import { IDLE_AFTER_LOAD_MS, SETTLE_AFTER_OPEN_MS, button, dialog, sleep, withTimeout } from './steps.ts';
import {
  NAME_SHIM,
  buttonShownAt,
  heapAfterGc,
  installButtonShownObserver,
  installInteractionObserver,
  installLongTaskObserver,
  longTasksUntil,
  measureOpening,
} from './watcher.ts';

const DOM_BASELINE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline (DOM)</title></head>
<body><main><h1>Baseline</h1><button type="button" id="open">Connect Wallet</button></main>
<script>
document.getElementById('open').addEventListener('click', function () {
  var d = document.createElement('div');
  d.setAttribute('role', 'dialog');
  d.setAttribute('aria-label', 'Connect Wallet');
  var b = document.createElement('button');
  b.type = 'button';
  b.textContent = ${JSON.stringify(TEST_WALLET_NAME)};
  d.appendChild(b);
  document.body.appendChild(d);
});
</script></body></html>`;

const REACT_BASELINE_SRC = `
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
const WALLETS = [${JSON.stringify(TEST_WALLET_NAME)}, ...Array.from({ length: 11 }, (_, i) => 'Wallet ' + (i + 1))];
function App() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Baseline</h1>
      <button type="button" onClick={() => setOpen(true)}>Connect Wallet</button>
      {open && (
        <div role="dialog" aria-label="Connect Wallet">
          <ul aria-label="Wallets">
            {WALLETS.map((name) => <li key={name}><button type="button"><span>{name}</span></button></li>)}
          </ul>
        </div>
      )}
    </main>
  );
}
createRoot(document.getElementById('root')).render(<App />);
`;

/** Bundles the React 19 baseline with tsx's esbuild and the demo's react/react-dom; `{ error }` if unavailable. */
export async function buildReactBaseline(root: string): Promise<{ js: string; reactVersion: string } | { error: string }> {
  try {
    const tsxPkg = realpathSync(join(root, 'e2e/node_modules/tsx/package.json'));
    const esbuild = createRequire(tsxPkg)('esbuild') as {
      build(o: object): Promise<{ outputFiles: Array<{ text: string }> }>;
    };
    const fromDemo = createRequire(join(root, 'demo/package.json'));
    const reactVersion = (fromDemo('react/package.json') as { version: string }).version;
    const out = await esbuild.build({
      stdin: { contents: REACT_BASELINE_SRC, loader: 'tsx', resolveDir: join(root, 'demo'), sourcefile: 'baseline.tsx' },
      bundle: true,
      minify: true,
      format: 'iife',
      jsx: 'automatic',
      platform: 'browser',
      define: { 'process.env.NODE_ENV': '"production"' },
      write: false,
      logLevel: 'silent',
    });
    return { js: out.outputFiles[0]!.text, reactVersion };
  } catch (e) {
    return { error: e instanceof Error ? e.message.split('\n')[0]! : String(e) };
  }
}
const REACT_BASELINE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline (React)</title>
<script defer src="/react-baseline.js"></script></head><body><div id="root"></div></body></html>`;

export type BaselineKind = 'dom' | 'react';

/** The static server's routes for the baseline pages (`/dom.html`, `/react.html` when React was bundled). */
export function baselineRoutes(reactJs: string | undefined) {
  return {
    '/dom.html': { type: 'text/html; charset=utf-8', body: DOM_BASELINE_HTML },
    '/react.html': { type: 'text/html; charset=utf-8', body: REACT_BASELINE_HTML },
    ...(reactJs ? { '/react-baseline.js': { type: 'text/javascript; charset=utf-8', body: reactJs } } : {}),
  };
}

/** What one baseline run measured, the same figures as Portico's pages (ms, bytes). */
export interface BaselineFigures {
  clickMs: number;
  /** Opening (click → the list painted + SETTLE_AFTER_OPEN_MS): script time, long tasks, the tap's INP. */
  openScriptMs: number;
  openLongTasksMs: number;
  openInpMs: number;
  jsBeforeClickGzip: number;
  longTasksMs: number;
  buttonShownMs: number;
  heapAfterOpen: number;
  /**
   * The DOM page only: its heap right after load, before the bench's first Playwright locator. Its open adds one
   * small element (0.02 MiB), so `heapAfterOpen` minus this is the bench's own share of every page's heap
   * (Playwright's injected script and the in-page watcher, ~1.3 MiB), which the user's browser does not have.
   */
  heapBeforeHarness?: number;
}

/** One baseline run in a fresh context: click → the wallet button rendered, and the page's load figures. */
export async function measureBaseline(browser: Browser, baselineUrl: string, kind: BaselineKind, profile: ProfileName): Promise<BaselineFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: NAME_SHIM });
  await context.addInitScript(installLongTaskObserver);
  await context.addInitScript(installInteractionObserver);
  await context.addInitScript(installButtonShownObserver);
  try {
    const page = await context.newPage();
    const cdp = await profilePage(page, profile);
    const scripts = recordScripts(page);
    await withTimeout('baseline goto', page.goto(`${baselineUrl}/${kind}.html`, { waitUntil: 'load' }));
    // The DOM page is static: its button is there at load, before any locator has run.
    const heapBeforeHarness = kind === 'dom' ? await heapAfterGc(page) : undefined;
    await button(page, 'Connect Wallet').waitFor({ state: 'visible' });
    await sleep(IDLE_AFTER_LOAD_MS[profile]);
    const longTasks = await longTasksUntil(page, IDLE_AFTER_LOAD_MS[profile]);
    const buttonShownMs = await buttonShownAt(page);
    scripts.markClick();
    const r = await measureOpening(
      page,
      cdp,
      `baseline ${kind}`,
      button(page, 'Connect Wallet'),
      { kind: 'button', name: TEST_WALLET_NAME, scope: '[role="dialog"]' },
      SETTLE_AFTER_OPEN_MS,
    );
    await dialog(page, 'Connect Wallet').getByRole('button', { name: TEST_WALLET_NAME, exact: true }).waitFor({ state: 'visible' });
    const heapAfterOpen = await heapAfterGc(page);
    const jsBeforeClickGzip = sumJs(await scripts.done(), (record) => record.beforeClick).gzip;
    return {
      clickMs: r.ms,
      openScriptMs: r.scriptMs,
      openLongTasksMs: r.longTasksMs,
      openInpMs: r.inpMs,
      jsBeforeClickGzip, longTasksMs: longTasks.total, buttonShownMs, heapAfterOpen, heapBeforeHarness };
  } finally {
    await context.close().catch(() => undefined);
  }
}
