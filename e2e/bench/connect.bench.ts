// `pnpm bench:connect`: how fast the modal is for a person, in headless Chromium against the real stack
// (anvil, the relay + API from scripts/services.mjs, the demo servers from demo/server.mjs), all on
// 127.0.0.1 with free ports. Runs as `node --import tsx` (tsx is an e2e devDependency; one process, so
// signals reach the cleanup below directly); prints medians [min–max] over N runs.
//
//   pnpm bench:connect [--runs N] [--build] [--timeout SECONDS] [--files] [--help]   (options: args.ts)
//
// Builds only when a dist is missing (or with --build). Every run uses a fresh browser context (cold
// HTTP cache, fresh storage); "warm" rows reuse the page of that run.
//
// What is measured, per run:
//  1. JS bytes: every script response the page received (resourceType "script" or a JavaScript
//     content type), split at the page's load event and at the first click. "transferred" is the
//     encoded body size Chromium saw (equals raw when the server does not compress: demo/server.mjs
//     does not); "gzip -9" gzips each fetched body with node:zlib, as `pnpm bench:size` does.
//  2. Long tasks: PerformanceObserver('longtask') installed by an init script before any page script;
//     total duration of the tasks that start before loadEventEnd + the idle time (steps.ts), and of those that start before the
//     shell's `portico:idle-work` mark (its deferred work: rendering the dialog, prefetching Connect); and of
//     those the ones running Portico's scripts: a long-animation-frame observer names the scripts (over 5 ms)
//     of each long task's frame, and a task counts when one of them came from the shell's or a remote's origin.
//  3–6. Click → visible, timed IN THE PAGE: a capturing window 'click' listener stamps performance.now()
//     when the click event is dispatched (Playwright's actionability waits are not counted); a
//     MutationObserver (document + every open shadow root) and a requestAnimationFrame loop look for
//     the target (role + accessible name, rendered: checkVisibility(), inside the dialog/grid). The
//     stop time is the start of the first animation frame in which the target is in the rendered DOM,
//     i.e. the frame that paints it (so values are frame-quantised, ~16.7 ms). After each in-page
//     measurement the target is checked again with Playwright's getByRole(...) locator.
//     Order in a run on `/`: load + idle time (the shell's idle prefetch) → Connect Wallet (cold) → Esc →
//     Connect Wallet (warm) → All Wallets (registry page 1) → Esc → Connect Wallet → WalletConnect (QR)
//     → Copy link + clipboard → SignClient wallet pair(uri) → Account shows 10,000 ETH.
//  5. Pair → Account is timed across Node and the page on the shared wall clock
//     (performance.timeOrigin + performance.now() on both sides): from the call of pair(uri).
//  7. Baselines, each in its own fresh context, same in-page timing, page served from 127.0.0.1:
//     "DOM": a static page whose button's click handler appends <div role=dialog><button>…</button></div>;
//     "React 19": the same UI as a React 19 app (useState + a 12-button list), bundled at bench start
//     with esbuild (tsx's) from the demo's own react/react-dom. The ratio rows divide Portico's
//     click → visible medians by these.
//
//  9. Heap: JS heap in use after a full GC (CDP HeapProfiler.collectGarbage + Runtime.getHeapUsage),
//     SETTLE_AFTER_OPEN_MS after the cold open (the WalletConnect client the Connect view preloads once painted has
//     landed by then; the open modal keeps that heap). Each figure holds the bench's own scripts too (Playwright's
//     locators, the watcher): the DOM page measures that share. Reported only: issue 33 retired the heap target.
//     Opening's JS: scripts requested between the click and that first frame (Resource Timing's start, page clock).
// 11. Opening's cost (issue 33), each cold open and the baselines': from the click until SETTLE_AFTER_OPEN_MS after
//     the frame that painted the first wallet, the main thread's script time (CDP ScriptDuration), the long tasks
//     overlapping it, and the tap's Interaction to Next Paint (Event Timing: the longest entry of its interaction);
//     on the plain page also the INP of the tap on the injected wallet.
// --profile phone runs every page (baselines included) under CDP CPU and network throttling (profile.ts) and
// implies --embedded (the demo's real Connect view).
// 10. Page load → the host's Connect Wallet button painted (ms since navigation start, in-page rAF).
// The React baseline page is measured for 1, 2, 3, 9 and 10 too; the last table (targets.ts) sets each
// of issue 14's targets beside the baseline's figure with their ratio.
//
// Modules: args.ts (command line), watcher.ts (in-page instruments), scripts.ts (JS per phase), baselines.ts
// (pages 7), targets.ts (issue 14's table), steps.ts (timeouts, roles); this file starts the stack, runs the flows and prints the report.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ANVIL_CHAIN_ID, startAnvil } from '../fixtures/anvil.ts';
import { HOST, freePorts, startStaticServer } from '../fixtures/net.ts';
import { TestWallet, TEST_WALLET_NAME } from '../fixtures/test-wallet.ts';
import { startWcWallet, type WcWallet } from '../fixtures/wc-wallet.ts';
import { USAGE, parseArgs } from './args.ts';
import { baselineRoutes, buildReactBaseline, measureBaseline, type BaselineFigures } from './baselines.ts';
import { recordScripts, sumJs, type JsRecord } from './scripts.ts';
import { targetLines } from './targets.ts';
import { IDLE_AFTER_LOAD_MS, SETTLE_AFTER_OPEN_MS, STEP_TIMEOUT_MS, button, dialog, sleep, withTimeout } from './steps.ts';
import {
  NAME_SHIM,
  armWatcher,
  awaitWatcher,
  buttonShownAt,
  heapAfterGc,
  installButtonShownObserver,
  installInteractionObserver,
  installLongTaskObserver,
  longTasksUntil,
  measureOpening,
  timeClick,
} from './watcher.ts';
import { profilePage } from './profile.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const KIB = 1024;
const BALANCE = '10,000 ETH';
/** The wallets' buttons as Connect names them: the name, then its tag (announced since issue 31). */
const WALLET_BUTTON = `${TEST_WALLET_NAME}, installed`;
const WALLETCONNECT_BUTTON = 'WalletConnect, QR code';
const CHROMIUM = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium';

const args = parseArgs(process.argv.slice(2));
if (args === 'help') {
  console.log(USAGE);
  process.exit(0);
}
if ('error' in args) {
  console.error(`bench:connect: ${args.error}`);
  process.exit(2);
}
const { runs: RUNS, profile: PROFILE, forceBuild: FORCE_BUILD, listFiles: LIST_FILES, embedded: EMBEDDED, totalTimeoutMs: TOTAL_TIMEOUT_MS } = args;

// ------------------------------------------------------------------------------------------ cleanup
const stoppers: Array<{ name: string; stop: () => Promise<unknown> | unknown; waitMs: number }> = [];
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const s of stoppers.splice(0).reverse()) {
      try {
        await Promise.race([s.stop(), sleep(s.waitMs).then(() => console.warn(`[bench] stopping ${s.name} timed out`))]);
      } catch (e) {
        console.warn(`[bench] stopping ${s.name}:`, e instanceof Error ? e.message : e);
      }
    }
  })();
  return cleaning;
}
/**
 * Registers a resource for cleanup BEFORE it has finished starting, so a signal or the watchdog during
 * start-up still stops it (cleanup waits for the start to settle, up to `waitMs`, then stops it).
 */
async function track<T>(name: string, starting: Promise<T>, stop: (value: T) => Promise<unknown> | unknown, waitMs = 10_000): Promise<T> {
  if (cleaning) {
    // Started after cleanup began (main() still running after a signal): stop it as soon as it is up.
    void starting.then(stop, () => undefined);
    throw new Error(`${name}: not started, cleaning up`);
  }
  stoppers.push({
    name,
    waitMs,
    stop: async () => {
      const value = await starting.catch(() => undefined);
      if (value !== undefined) await stop(value);
    },
  });
  return starting;
}
// `on`, not `once`: a repeated signal (Ctrl-C twice, a wrapper relaying it) must not end the process
// before the children are stopped.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (cleaning) return;
    console.error(`\nbench:connect: ${signal}, cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}
const watchdog = setTimeout(() => {
  console.error(`bench:connect: did not finish within ${TOTAL_TIMEOUT_MS / 1000} s (--timeout), cleaning up`);
  void cleanup().finally(() => process.exit(1));
}, TOTAL_TIMEOUT_MS);

// -------------------------------------------------------------------------------------------- build
function ensureBuilt() {
  const needed = [
    join(ROOT, 'demo/dist/index.html'),
    join(ROOT, 'demo/dist/plain.html'),
    join(ROOT, 'shell/dist/portico.js'),
    join(ROOT, 'shell/dist/mf/remoteEntry.js'),
    join(ROOT, 'remotes/connect/dist/remoteEntry.js'),
    join(ROOT, 'remotes/account/dist/remoteEntry.js'),
  ];
  const missing = needed.filter((f) => !existsSync(f));
  if (!FORCE_BUILD && missing.length === 0) return;
  console.error(FORCE_BUILD ? '[bench] --build: pnpm run build' : `[bench] dist missing (${missing.length} files): pnpm run build`);
  const r = spawnSync('pnpm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], timeout: 600_000 });
  if (r.status !== 0) throw new Error(`pnpm build failed (${r.status ?? r.signal})`);
}

// ------------------------------------------------------------------------------------------ helpers
async function loadAndIdle(page: Page, url: string) {
  await withTimeout(`goto ${url}`, page.goto(url, { waitUntil: 'load', timeout: STEP_TIMEOUT_MS }));
  await withTimeout('Connect Wallet button', button(page, 'Connect Wallet').waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS }));
  await sleep(IDLE_AFTER_LOAD_MS[PROFILE]);
}

/** Closes the modal with its Close button (Escape in AllWallets' search box is the input's, not the modal's). */
async function closeModal(page: Page, what: string) {
  await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
  await withTimeout(`${what}: dialog closes`, dialog(page).waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS }));
}

// ------------------------------------------------------------------------------------------ samples
const samples = new Map<string, number[]>();
const add = (key: string, v: number) => {
  if (!Number.isFinite(v)) throw new Error(`${key}: not a number (${v})`);
  samples.set(key, [...(samples.get(key) ?? []), v]);
};
/** A baseline run's figures under the keys the report reads (`base:react`, `base:react:heap`, …). */
function addBaseline(kind: 'dom' | 'react', figures: BaselineFigures) {
  add(`base:${kind}`, figures.clickMs);
  add(`base:${kind}:open:script`, figures.openScriptMs);
  add(`base:${kind}:open:lt`, figures.openLongTasksMs);
  add(`base:${kind}:inp:open`, figures.openInpMs);
  add(`base:${kind}:js`, figures.jsBeforeClickGzip);
  add(`base:${kind}:lt`, figures.longTasksMs);
  add(`base:${kind}:button`, figures.buttonShownMs);
  add(`base:${kind}:heap`, figures.heapAfterOpen);
  if (figures.heapBeforeHarness !== undefined) add(`base:${kind}:harness`, figures.heapAfterOpen - figures.heapBeforeHarness);
}

/** A cold open's figures (`measureOpening`) under `<metric>:<page>` keys. */
function addOpening(page: string, opening: Awaited<ReturnType<typeof measureOpening>>) {
  add(`open:cold:${page}`, opening.ms);
  add(`open:script:${page}`, opening.scriptMs);
  add(`open:lt:${page}`, opening.longTasksMs);
  add(`open:longest:${page}`, opening.longestTaskMs);
  add(`inp:open:${page}`, opening.inpMs);
  longTasksWhileOpening.push(...opening.longTasks.map((task) => `${page} ${task}`));
}

/** Every run's long tasks while opening, with the scripts that ran in them (printed with --files). */
const longTasksWhileOpening: string[] = [];
let compressed = false;
const jsFiles = { react: 0, plain: 0, wagmi: 0 };
/** The script files counted before the click in the last run, per page (printed with --files). */
const lastFiles: Record<string, JsRecord[]> = {};
/** Every run's long tasks before Portico's idle work, with the scripts that ran in them (printed with --files). */
const longTasksBeforeIdle: Record<'/' | 'plain' | 'wagmi', string[]> = { '/': [], plain: [], wagmi: [] };

interface Stack {
  demo: string;
  /** examples/vite-react-wagmi (its shell under its own `/portico/`), when built. */
  wagmiExample?: string;
  /** Where Portico's own scripts come from: the shell's and the remotes' origins. */
  porticoOrigins: string[];
  rpcUrl: string;
  relay: string;
  api: string;
  baseline: string;
  reactBaseline: boolean;
}

async function newContext(browser: Browser, stack: Stack): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: NAME_SHIM });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(stack.demo).origin });
  await context.addInitScript(installLongTaskObserver);
  await context.addInitScript(installInteractionObserver);
  await context.addInitScript(installButtonShownObserver);
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  return context;
}

/** One full run on the React host `/`: metrics 1–6. */
async function runReactHost(browser: Browser, stack: Stack, firstRegistryWallet: string) {
  const context = await newContext(browser, stack);
  let wc: WcWallet | undefined;
  try {
    const page = await context.newPage();
    const cdp = await profilePage(page, PROFILE);
    await new TestWallet({ rpcUrl: stack.rpcUrl }).install(page);
    const scripts = recordScripts(page);
    await loadAndIdle(page, `${stack.demo}/`);
    const longTasks = await longTasksUntil(page, IDLE_AFTER_LOAD_MS[PROFILE], stack.porticoOrigins);
    add('lt:/', longTasks.total);
    add('lt:before-idle:/', longTasks.beforeIdleWork);
    add('lt:portico:/', longTasks.beforeIdlePortico);
    add('lt:portico-all:/', longTasks.portico);
    longTasksBeforeIdle['/'].push(...longTasks.beforeIdleTasks);
    add('button:/', await buttonShownAt(page));

    // 3. cold: first open after load + idle time (idle prefetch had its chance).
    const walletTarget = { kind: 'button', name: WALLET_BUTTON, scope: '[role="dialog"], dialog' } as const;
    scripts.markClick();
    const cold = await measureOpening(page, cdp, 'Connect Wallet (cold)', button(page, 'Connect Wallet'), walletTarget, SETTLE_AFTER_OPEN_MS);
    await dialog(page).getByRole('button', { name: WALLET_BUTTON, exact: true }).waitFor({ state: 'visible' });
    scripts.markDrawn(cold.frameAt);
    addOpening('/', cold);
    add('open:cold:dom:/', cold.domMs);
    add('heap:/', await heapAfterGc(page));
    const js = await scripts.done();
    const atLoad = sumJs(js, (r) => r.beforeLoad);
    const beforeClick = sumJs(js, (r) => r.beforeClick);
    compressed ||= beforeClick.encoded;
    jsFiles.react = beforeClick.files;
    lastFiles['/'] = js.filter((r) => r.beforeDrawn);
    add('js:load:gzip:/', atLoad.gzip);
    add('js:load:gzip:portico:/', sumJs(js, (r) => r.beforeLoad && stack.porticoOrigins.includes(new URL(r.url).origin)).gzip);
    add('js:idle:gzip:/', beforeClick.gzip - atLoad.gzip);
    add('js:click:raw:/', beforeClick.raw);
    add('js:click:xfer:/', beforeClick.transferred);
    add('js:click:gzip:/', beforeClick.gzip);
    add('js:open:gzip:/', sumJs(js, (r) => !r.beforeClick && r.beforeDrawn).gzip);

    // 3. warm: second open.
    await closeModal(page, 'after cold open');
    const warm = await timeClick(page, 'Connect Wallet (warm)', button(page, 'Connect Wallet'), walletTarget);
    await dialog(page, 'Connect Wallet').getByRole('button', { name: WALLET_BUTTON, exact: true }).waitFor({ state: 'visible' });
    add('open:warm:/', warm.ms);

    // 6. All Wallets → first registry wallet tile.
    const all = await timeClick(page, 'All Wallets', dialog(page, 'Connect Wallet').getByRole('button', { name: 'All Wallets', exact: true }), {
      kind: 'button',
      name: firstRegistryWallet,
      scope: '[role="grid"]',
    });
    await dialog(page, 'All Wallets')
      .getByRole('grid', { name: 'All wallets' })
      .getByRole('button', { name: firstRegistryWallet, exact: true })
      .waitFor({ state: 'visible' });
    add('allwallets:/', all.ms);

    // 4. WalletConnect → QR.
    await closeModal(page, 'after All Wallets');
    await button(page, 'Connect Wallet').click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: WALLET_BUTTON, exact: true }).waitFor({ state: 'visible' });
    wc = await withTimeout('SignClient wallet init', startWcWallet(stack.relay));
    const qr = await timeClick(page, 'WalletConnect → QR', dialog(page, 'Connect Wallet').getByRole('button', { name: WALLETCONNECT_BUTTON, exact: true }), {
      kind: 'img',
      name: 'QR code for WalletConnect',
      scope: '[role="dialog"], dialog',
    });
    await dialog(page, 'WalletConnect').getByRole('img', { name: 'QR code for WalletConnect' }).waitFor({ state: 'visible' });
    add('qr:/', qr.ms);

    // 5. Pair → Account with the balance: the URI as a person gets it (Copy link → clipboard).
    await button(page, 'Copy link').click();
    let uri = '';
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    while (!uri.startsWith('wc:')) {
      if (Date.now() > deadline) throw new Error('Copy link: no wc: URI on the clipboard');
      uri = await page.evaluate(() => navigator.clipboard.readText()).catch(() => '');
      if (!uri.startsWith('wc:')) await sleep(50);
    }
    await page.evaluate(armWatcher, { kind: 'text' as const, name: BALANCE, scope: '[role="dialog"], dialog', startOnClick: false });
    const pairStart = performance.timeOrigin + performance.now();
    await withTimeout('wallet.pair(uri)', wc.pair(uri));
    const account = await awaitWatcher(page, 'Pair → Account');
    await dialog(page, 'Account').getByText(BALANCE).waitFor({ state: 'visible' });
    add('pair:/', account.frameEpoch - pairStart);
  } finally {
    await wc?.stop().catch(() => undefined);
    await context.close().catch(() => undefined);
  }
}

/** One run on /plain.html: metrics 1–3 (cold). */
async function runPlain(browser: Browser, stack: Stack) {
  const context = await newContext(browser, stack);
  try {
    const page = await context.newPage();
    const cdp = await profilePage(page, PROFILE);
    await new TestWallet({ rpcUrl: stack.rpcUrl }).install(page);
    const scripts = recordScripts(page);
    await loadAndIdle(page, `${stack.demo}/plain.html`);
    const longTasks = await longTasksUntil(page, IDLE_AFTER_LOAD_MS[PROFILE], stack.porticoOrigins);
    add('lt:plain', longTasks.total);
    add('lt:before-idle:plain', longTasks.beforeIdleWork);
    add('lt:portico:plain', longTasks.beforeIdlePortico);
    add('lt:portico-all:plain', longTasks.portico);
    longTasksBeforeIdle.plain.push(...longTasks.beforeIdleTasks);
    add('button:plain', await buttonShownAt(page));
    scripts.markClick();
    const cold = await measureOpening(
      page,
      cdp,
      'plain: Connect Wallet (cold)',
      button(page, 'Connect Wallet'),
      { kind: 'button', name: WALLET_BUTTON, scope: '[role="dialog"], dialog' },
      SETTLE_AFTER_OPEN_MS,
    );
    await dialog(page).getByRole('button', { name: WALLET_BUTTON, exact: true }).waitFor({ state: 'visible' });
    scripts.markDrawn(cold.frameAt);
    addOpening('plain', cold);
    add('heap:plain', await heapAfterGc(page));
    // Issue 4's figure: click on the injected wallet → Account shows its native balance; and that tap's INP.
    const balance = await measureOpening(
      page,
      cdp,
      'plain: wallet → balance',
      button(page, WALLET_BUTTON),
      { kind: 'text', name: '10,000 ETH', scope: '[role="dialog"], dialog' },
      0,
    );
    add('balance:plain', balance.ms);
    add('inp:wallet:plain', balance.inpMs);
    const js = await scripts.done();
    const atLoad = sumJs(js, (r) => r.beforeLoad);
    const beforeClick = sumJs(js, (r) => r.beforeClick);
    compressed ||= beforeClick.encoded;
    jsFiles.plain = beforeClick.files;
    lastFiles.plain = js.filter((r) => r.beforeDrawn);
    add('js:load:gzip:plain', atLoad.gzip);
    add('js:idle:gzip:plain', beforeClick.gzip - atLoad.gzip);
    add('js:click:raw:plain', beforeClick.raw);
    add('js:click:xfer:plain', beforeClick.transferred);
    add('js:click:gzip:plain', beforeClick.gzip);
    add('js:open:gzip:plain', sumJs(js, (r) => !r.beforeClick && r.beforeDrawn).gzip);
  } finally {
    await context.close().catch(() => undefined);
  }
}

/**
 * One run on the Vite + wagmi host (examples/vite-react-wagmi: @portico/js, react and wagmi from their tarballs, the
 * shell loaded at run time from the site's `/portico/`): load, long tasks, Connect Wallet painted, the cold open.
 */
async function runWagmiHost(browser: Browser, stack: Stack, url: string) {
  const context = await newContext(browser, stack);
  try {
    const page = await context.newPage();
    const cdp = await profilePage(page, PROFILE);
    await new TestWallet({ rpcUrl: stack.rpcUrl }).install(page);
    const scripts = recordScripts(page);
    await loadAndIdle(page, `${url}/`);
    const longTasks = await longTasksUntil(page, IDLE_AFTER_LOAD_MS[PROFILE], [...stack.porticoOrigins, `${url}/portico/`]);
    add('lt:wagmi', longTasks.total);
    add('lt:before-idle:wagmi', longTasks.beforeIdleWork);
    add('lt:portico:wagmi', longTasks.beforeIdlePortico);
    add('lt:portico-all:wagmi', longTasks.portico);
    longTasksBeforeIdle.wagmi.push(...longTasks.beforeIdleTasks);
    add('button:wagmi', await buttonShownAt(page));
    scripts.markClick();
    const cold = await measureOpening(
      page,
      cdp,
      'wagmi: Connect Wallet (cold)',
      button(page, 'Connect Wallet'),
      { kind: 'button', name: WALLET_BUTTON, scope: '[role="dialog"], dialog' },
      SETTLE_AFTER_OPEN_MS,
    );
    await dialog(page).getByRole('button', { name: WALLET_BUTTON, exact: true }).waitFor({ state: 'visible' });
    scripts.markDrawn(cold.frameAt);
    addOpening('wagmi', cold);
    const js = await scripts.done();
    const beforeClick = sumJs(js, (r) => r.beforeClick);
    jsFiles.wagmi = beforeClick.files;
    lastFiles.wagmi = js.filter((r) => r.beforeDrawn);
    add('js:load:gzip:wagmi', sumJs(js, (r) => r.beforeLoad).gzip);
    add('js:click:gzip:wagmi', beforeClick.gzip);
    add('js:open:gzip:wagmi', sumJs(js, (r) => !r.beforeClick && r.beforeDrawn).gzip);
  } finally {
    await context.close().catch(() => undefined);
  }
}

// ------------------------------------------------------------------------------------------- report
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function report(reactVersion: string | undefined, reactError: string | undefined) {
  const lines: string[] = [];
  const kib = (n: number) => (n / KIB).toFixed(1);
  const ms = (n: number) => n.toFixed(0);
  const mib = (n: number) => (n / KIB / KIB).toFixed(2);
  const W = 48;
  const row = (label: string, page: string, key: string, fmt: (n: number) => string, note: string) => {
    const xs = samples.get(key);
    const head = `${label.padEnd(W)} ${page.padEnd(6)}`;
    if (!xs?.length) return lines.push(`${head} ${'n/a'.padStart(7)}`);
    const cells = [median(xs), Math.min(...xs), Math.max(...xs)].map((v) => fmt(v).padStart(7)).join(' ');
    lines.push(`${head} ${cells}  ${note}`);
  };
  const profile = PROFILE === 'phone' ? 'phone profile (CDP: 4× CPU slowdown, 150 ms latency, 1.6 Mbit/s)' : 'desktop profile (no throttling)';
  lines.push(`\nPortico connect bench: ${RUNS} run(s), headless Chromium, ${profile}, fresh context per run; 1 KiB = 1024 B${EMBEDDED ? '; Connect with email and social logins' : ''}`);
  lines.push(`${'metric'.padEnd(W)} ${'page'.padEnd(6)} ${'median'.padStart(7)} ${'min'.padStart(7)} ${'max'.padStart(7)}`);
  for (const [page, key] of [['/', '/'], ['plain', 'plain']] as const) {
    const files = key === '/' ? jsFiles.react : jsFiles.plain;
    row('1 JS by the load event (critical path), gzip -9', page, `js:load:gzip:${key}`, kib, 'KiB');
    if (key === '/') row("1   of it Portico's (shell and remote origins)", page, 'js:load:gzip:portico:/', kib, 'KiB');
    row('1 JS of the idle prefetch (load → 1st click), gz', page, `js:idle:gzip:${key}`, kib, 'KiB');
    row('1 JS before 1st click (incl. idle prefetch), gz', page, `js:click:gzip:${key}`, kib, `KiB, ${files} files`);
    row('1   same, raw', page, `js:click:raw:${key}`, kib, 'KiB');
    row('1   same, transferred', page, `js:click:xfer:${key}`, kib, compressed ? 'KiB (compressed)' : 'KiB (no compression)');
  }
  row(`2 long tasks, load + ${IDLE_AFTER_LOAD_MS[PROFILE] / 1000} s`, '/', 'lt:/', ms, 'ms');
  row(`2 long tasks, load + ${IDLE_AFTER_LOAD_MS[PROFILE] / 1000} s`, 'plain', 'lt:plain', ms, 'ms');
  row('2 long tasks before Portico\'s idle work', '/', 'lt:before-idle:/', ms, 'ms');
  row('2 long tasks before Portico\'s idle work', 'plain', 'lt:before-idle:plain', ms, 'ms');
  row('2   of them running Portico\'s scripts', '/', 'lt:portico:/', ms, 'ms (shell/remote origins, long animation frames)');
  row('2   of them running Portico\'s scripts', 'plain', 'lt:portico:plain', ms, 'ms');
  row('3 Connect Wallet → 1st wallet visible, cold', '/', 'open:cold:/', ms, 'ms (frame that paints it)');
  row('3   same, until DOM insertion', '/', 'open:cold:dom:/', ms, 'ms');
  row('3 Connect Wallet → 1st wallet visible, warm', '/', 'open:warm:/', ms, 'ms (second open)');
  row('3 Connect Wallet → 1st wallet visible, cold', 'plain', 'open:cold:plain', ms, 'ms');
  for (const page of ['/', 'plain', 'wagmi']) {
    row(`3   script time while opening (+ ${SETTLE_AFTER_OPEN_MS / 1000} s)`, page, `open:script:${page}`, ms, 'ms (CDP ScriptDuration, click → painted + settle)');
    row('3   long tasks while opening', page, `open:lt:${page}`, ms, 'ms (sum; each over 50 ms)');
    row('3   longest task while opening', page, `open:longest:${page}`, ms, 'ms');
    row('3   INP of the open tap', page, `inp:open:${page}`, ms, 'ms (Event Timing; 16 = under the API\'s floor)');
  }
  row('4 WalletConnect → QR visible', '/', 'qr:/', ms, 'ms');
  row('5 pair(uri) → Account shows 10,000 ETH', '/', 'pair:/', ms, 'ms (Node→page wall clock)');
  row('6 All Wallets → 1st registry tile visible', '/', 'allwallets:/', ms, 'ms');
  row('8 injected wallet click → balance visible', 'plain', 'balance:plain', ms, 'ms (connect + Account remote + RPC)');
  row('8   INP of the wallet tap', 'plain', 'inp:wallet:plain', ms, 'ms');
  row('10 Vite + wagmi host: JS by the load event, gz', 'wagmi', 'js:load:gzip:wagmi', kib, 'KiB (examples/vite-react-wagmi)');
  row('10   JS before 1st click, gz', 'wagmi', 'js:click:gzip:wagmi', kib, `KiB, ${jsFiles.wagmi} files`);
  row(`10   long tasks, load + ${IDLE_AFTER_LOAD_MS[PROFILE] / 1000} s`, 'wagmi', 'lt:wagmi', ms, 'ms');
  row('10   long tasks before Portico\'s idle work', 'wagmi', 'lt:before-idle:wagmi', ms, 'ms');
  row('10   page load → Connect Wallet painted', 'wagmi', 'button:wagmi', ms, 'ms');
  row('10   Connect Wallet → 1st wallet visible, cold', 'wagmi', 'open:cold:wagmi', ms, 'ms');
  row('10   JS fetched by opening (until drawn), gz', 'wagmi', 'js:open:gzip:wagmi', kib, 'KiB');
  for (const page of ['/', 'plain']) {
    row(`9 JS heap ${SETTLE_AFTER_OPEN_MS / 1000} s after the cold open (after GC)`, page, `heap:${page}`, mib, 'MiB (WalletConnect preloaded; no target since issue 33)');
  }
  row("9 the bench's own share of each heap above", '-', 'base:dom:harness', mib, 'MiB (Playwright\'s injected script, the watcher: DOM page after open − at load)');
  row('7 baseline DOM: click → appended button', '-', 'base:dom', ms, 'ms');
  if (reactVersion) {
    row(`7 baseline React ${reactVersion}: click → rendered list`, '-', 'base:react', ms, 'ms');
    row('7   script time while opening (+ settle)', '-', 'base:react:open:script', ms, 'ms');
    row('7   long tasks while opening', '-', 'base:react:open:lt', ms, 'ms');
    row('7   INP of the open tap', '-', 'base:react:inp:open', ms, 'ms');
  }
  else lines.push(`7 baseline React: n/a (${reactError})`);
  lines.push(...targetLines((key) => {
    const xs = samples.get(key);
    return xs?.length ? median(xs) : undefined;
  }));
  lines.push('reference, measured elsewhere (figures from the brief, not by this bench): KiB / ms / ms');
  lines.push('  AppKit 764 KiB / 242 ms / 441 ms   RainbowKit 642 KiB / 99 ms / 403 ms   ConnectKit 520 KiB / 198 ms / 373 ms');
  console.log(lines.join('\n'));
  if (LIST_FILES) {
    for (const [page, files] of Object.entries(lastFiles))
      for (const f of files) console.log(`  ${page} ${f.beforeLoad ? 'load ' : f.beforeClick ? 'idle ' : 'open '} ${kib(f.gzip).padStart(6)} KiB gz  ${f.url}`);
    for (const [page, tasks] of Object.entries(longTasksBeforeIdle))
      for (const task of tasks) console.log(`  ${page} long task before the idle work, at ${task}`);
    for (const task of longTasksWhileOpening) console.log(`  long task while opening: ${task}`);
  }
}

// --------------------------------------------------------------------------------------------- main
async function main() {
  ensureBuilt();
  const react = await buildReactBaseline(ROOT);
  const reactJs = 'js' in react ? react.js : undefined;

  const anvil = await track('anvil', startAnvil({ chainId: ANVIL_CHAIN_ID }), (a) => a.stop(), 25_000);

  const [demoPort, shellPort, connectPort, accountPort, relayPort, apiPort] = await freePorts(6);
  const { startServices } = (await import(pathToFileURL(join(ROOT, 'scripts/services.mjs')).href)) as {
    startServices(o: { host: string; relayPort: number; apiPort: number }): Promise<{ relayUrl: string; apiUrl: string; secureSiteUrl: string; stop(): Promise<void> }>;
  };
  // startServices waits up to 60 s per service to be ready: cleanup waits for it, then stops both.
  const services = await track('services', startServices({ host: HOST, relayPort: relayPort!, apiPort: apiPort! }), (v) => v.stop(), 75_000);

  const { startPortico } = (await import(pathToFileURL(join(ROOT, 'demo/server.mjs')).href)) as {
    startPortico(o: object): Promise<{ urls: { demo: string } & Record<string, string>; examples: Record<string, string>; close(): Promise<void> }>;
  };
  const portico = await track('demo servers', startPortico({
    host: HOST,
    ports: { demo: demoPort, shell: shellPort, connect: connectPort, account: accountPort },
    rpcUrl: anvil.rpcUrl,
    chainId: ANVIL_CHAIN_ID,
    apiUrl: services.apiUrl,
    relayUrl: services.relayUrl,
    // --embedded: Connect with the email field and the social logins, as `pnpm demo` shows it.
    ...(EMBEDDED && { secureSiteUrl: services.secureSiteUrl }),
  }), (v) => v.close());
  const baseline = await track('baseline server', startStaticServer(baselineRoutes(reactJs)), (v) => v.close());
  // The first registry wallet as the API serves page 1 (what the AllWallets grid lists after installed wallets).
  const registry = (await (await fetch(`${services.apiUrl}/v1/wallets?projectId=portico-demo&page=1&entries=40`)).json()) as {
    data: Array<{ name: string; badge_type?: string | null }>;
  };
  // Its tile's accessible name: a certified wallet's badge is announced after its name.
  const first = registry.data[0];
  const firstRegistryWallet = first && (first.badge_type === 'certified' ? `${first.name}, certified` : first.name);
  if (!firstRegistryWallet) throw new Error('the API registry returned no wallet');

  const browser = await track('chromium', chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    // Playwright's own handlers would process.exit(130) once Chromium is closed, before anvil and the
    // services are stopped; the handlers above close Chromium as part of the cleanup instead.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  }), (v) => v.close());


  const porticoOrigins = Object.entries(portico.urls).filter(([name]) => name !== 'demo').map(([, url]) => new URL(url).origin);
  const stack: Stack = { demo: portico.urls.demo, wagmiExample: portico.examples['vite-react-wagmi'], porticoOrigins, rpcUrl: anvil.rpcUrl, relay: services.relayUrl, api: services.apiUrl, baseline: baseline.url, reactBaseline: !!reactJs };
  for (let i = 1; i <= RUNS; i++) {
    const t = performance.now();
    await runReactHost(browser, stack, firstRegistryWallet);
    await runPlain(browser, stack);
    if (stack.wagmiExample) await runWagmiHost(browser, stack, stack.wagmiExample);
    addBaseline('dom', await measureBaseline(browser, stack.baseline, 'dom', PROFILE));
    if (reactJs) addBaseline('react', await measureBaseline(browser, stack.baseline, 'react', PROFILE));
    console.error(`[bench] run ${i}/${RUNS} done in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  report('reactVersion' in react ? react.reactVersion : undefined, 'error' in react ? react.error : undefined);
}

let exitCode = 0;
try {
  await main();
} catch (e) {
  exitCode = 1;
  console.error('bench:connect failed:', e instanceof Error ? e.stack ?? e.message : e);
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
process.exit(exitCode);
