// The in-page instruments of the bench: functions Playwright serialises into the page (each is
// self-contained: it may not use anything of this module), and the Node side that arms and reads them.
import type { CDPSession, Page } from '@playwright/test';
import { scriptTimeMs } from './profile.ts';
import { STEP_TIMEOUT_MS, sleep, withTimeout } from './steps.ts';

// tsx compiles with esbuild's keepNames, which wraps nested functions in `__name(fn, "name")`; functions
// that Playwright serialises into the page (the test wallet, the watcher) need that helper there too.
export const NAME_SHIM = 'globalThis.__name ??= (target, value) => Object.defineProperty(target, "name", { value, configurable: true });';

/**
 * Init script: long-task observer before any page script; beside it a long-animation-frame observer, whose
 * entries name the scripts that ran in a long frame (each over 5 ms: how it ran, its URL, ms; none when the time
 * went to parsing, style or layout; an init script of the bench itself has no URL).
 */
export function installLongTaskObserver() {
  const w = window as unknown as {
    __benchLongTasks: Array<{ start: number; duration: number }>;
    __benchLongFrames: Array<{ start: number; end: number; scripts: Array<{ invoker: string; url: string; ms: number }> }>;
  };
  w.__benchLongTasks = [];
  w.__benchLongFrames = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__benchLongTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* unsupported: stays empty */
  }
  type ScriptTiming = { invokerType: string; sourceURL: string; duration: number };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { scripts: ScriptTiming[] }>)
        w.__benchLongFrames.push({
          start: e.startTime,
          end: e.startTime + e.duration,
          scripts: e.scripts.map((x) => ({ invoker: x.invokerType, url: x.sourceURL, ms: Math.round(x.duration) })),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    /* unsupported: no attribution */
  }
}

/**
 * Init script: the Event Timing entries of every interaction (a tap's pointerdown, pointerup and click share an
 * interactionId; the longest is its Interaction to Next Paint). The API reports nothing under 16 ms.
 */
export function installInteractionObserver() {
  const w = window as unknown as { __benchInteractions: Array<{ start: number; duration: number }> };
  w.__benchInteractions = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { interactionId?: number }>)
        if (e.interactionId) w.__benchInteractions.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  } catch {
    /* unsupported: stays empty */
  }
}

/**
 * Init script: stamps `__benchButtonShownAt` with the start of the first animation frame in which a
 * rendered button named `Connect Wallet` (the host's own button) is in the document: page load → button.
 */
export function installButtonShownObserver() {
  const w = window as unknown as { __benchButtonShownAt?: number };
  // The page's own buttons and those AppKit's elements draw in their (open) shadow roots.
  const buttons = () => [
    ...Array.from(document.querySelectorAll('button')),
    ...Array.from(document.querySelectorAll('appkit-button, portico-button')).flatMap((host) => Array.from(host.shadowRoot?.querySelectorAll('button') ?? [])),
  ];
  const shown = () =>
    buttons().some(
      (el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim() === 'Connect Wallet' && el.getClientRects().length > 0,
    );
  const frame = (now: number) => {
    if (shown()) w.__benchButtonShownAt = now;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** Page load → the host's Connect Wallet button painted (ms since navigation start), once it was. */
export async function buttonShownAt(page: Page): Promise<number> {
  await withTimeout('Connect Wallet painted', page.waitForFunction(() => (window as unknown as { __benchButtonShownAt?: number }).__benchButtonShownAt !== undefined));
  return page.evaluate(() => (window as unknown as { __benchButtonShownAt: number }).__benchButtonShownAt);
}

/** JS heap in use after a full garbage collection (Chrome DevTools Protocol), in bytes. */
export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/**
 * Long tasks (PerformanceObserver 'longtask') that started before the load event + `windowMs`, summed; and
 * those of them that started before Portico's deferred work (the shell's `portico:idle-work` User Timing mark,
 * set in its first idle callback: rendering the dialog, prefetching Connect). A page without the mark (the
 * baselines) counts every task in both. `beforeIdlePortico` counts only the tasks in whose long animation frame
 * a script served from one of `porticoOrigins` (the shell's, the remotes'; or a URL prefix: a site serving the shell
 * itself, e.g. `http://site/portico/`) ran over 5 ms: a task of the host's
 * own code, or of the browser's first style and layout, is not a piece of Portico.
 */
export async function longTasksUntil(page: Page, windowMs: number, porticoOrigins: readonly string[] = []) {
  return page.evaluate(({ afterLoadMs, origins }) => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const end = (nav?.loadEventEnd || performance.now()) + afterLoadMs;
    const idleWork = performance.getEntriesByName('portico:idle-work', 'mark')[0]?.startTime ?? end;
    type Script = { invoker: string; url: string; ms: number };
    const w = window as unknown as {
      __benchLongTasks: Array<{ start: number; duration: number }>;
      __benchLongFrames?: Array<{ start: number; end: number; scripts: Script[] }>;
    };
    const tasks = w.__benchLongTasks;
    const sum = (list: typeof tasks) => list.reduce((n, t) => n + t.duration, 0);
    const counted = tasks.filter((t) => t.start < end);
    const beforeIdle = counted.filter((t) => t.start < idleWork);
    const scriptsOf = (t: { start: number }) => w.__benchLongFrames?.find((f) => f.start <= t.start + 1 && t.start < f.end)?.scripts ?? [];
    const fromPortico = (url: string) => origins.some((prefix) => url.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
    const isPortico = (t: { start: number }) => scriptsOf(t).some((x) => fromPortico(x.url));
    // Each long task before the idle work with the scripts of the long frame it fell in.
    const described = beforeIdle.map((t) => {
      const scripts = scriptsOf(t).map((x) => `${x.invoker}:${x.url.split('/').pop() || '(bench init script)'}:${x.ms}`);
      return `${Math.round(t.start)}+${Math.round(t.duration)} ms${isPortico(t) ? ' (Portico)' : ''} [${scripts.join(', ') || 'no script over 5 ms'}]`;
    });
    return {
      total: sum(counted),
      count: counted.length,
      beforeIdleWork: sum(beforeIdle),
      beforeIdlePortico: sum(beforeIdle.filter(isPortico)),
      /** Portico's long tasks in the whole window (idle work included): before the visitor's first click. */
      portico: sum(counted.filter(isPortico)),
      beforeIdleTasks: described,
    };
  }, { afterLoadMs: windowMs, origins: [...porticoOrigins] });
}

export interface Target {
  /** 'button' | 'img' match role + accessible name; 'text' matches a text node containing `name`. */
  kind: 'button' | 'img' | 'text';
  name: string;
  /** The target must be inside an element matching this selector (closest(), within its shadow tree). */
  scope: string;
  /** Start at the next 'click' event (default) or right away. */
  startOnClick: boolean;
}
export interface WatchResult {
  /** performance.now() of the click event (or of arming). */
  start: number;
  /** performance.now() when a DOM mutation first made the target present and rendered. */
  dom: number;
  /** performance.now() at the start of the first animation frame with the target rendered. */
  frame: number;
  /** performance.timeOrigin + frame: wall clock, for timings that start in Node. */
  frameEpoch: number;
}

/** Arms a watcher in the page (serialised by page.evaluate; self-contained). */
export function armWatcher(t: Target): void {
  type W = { promise: Promise<WatchResult>; result?: WatchResult; error?: string };
  const win = window as unknown as { __benchWatch?: W; __benchWatchStop?: () => void };
  win.__benchWatchStop?.();
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  const nameOf = (el: Element): string => {
    const label = el.getAttribute('aria-label');
    if (label) return norm(label);
    let text = '';
    const walk = (n: Node) => {
      if (n.nodeType === Node.TEXT_NODE) text += n.textContent ?? '';
      else if (n.nodeType === Node.ELEMENT_NODE) {
        const e = n as Element;
        if (e.getAttribute('aria-hidden') === 'true') return;
        if (e.tagName === 'IMG') text += ` ${e.getAttribute('alt') ?? ''} `;
        for (const c of Array.from(e.childNodes)) walk(c);
      }
    };
    walk(el);
    return norm(text);
  };
  const rendered = (el: Element) =>
    typeof (el as HTMLElement).checkVisibility === 'function'
      ? (el as HTMLElement).checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)
      : el.getClientRects().length > 0;
  const roots = (): Array<Document | ShadowRoot> => {
    const out: Array<Document | ShadowRoot> = [document];
    for (let i = 0; i < out.length; i++)
      for (const el of Array.from(out[i]!.querySelectorAll('*'))) if (el.shadowRoot) out.push(el.shadowRoot);
    return out;
  };
  const matches = (el: Element) => {
    if (!el.closest(t.scope) || !rendered(el)) return false;
    if (t.kind === 'text') return true;
    return nameOf(el) === t.name;
  };
  const find = (all: Array<Document | ShadowRoot>): boolean => {
    for (const root of all) {
      if (t.kind === 'text') {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode())
          if ((n.textContent ?? '').includes(t.name) && n.parentElement && matches(n.parentElement)) return true;
      } else {
        const sel = t.kind === 'button' ? 'button, [role="button"]' : 'img, [role="img"]';
        for (const el of Array.from(root.querySelectorAll(sel))) if (matches(el)) return true;
      }
    }
    return false;
  };

  let start: number | undefined = t.startOnClick ? undefined : performance.now();
  let dom: number | undefined;
  let raf = 0;
  let stopped = false;
  const observed = new WeakSet<Node>();
  let resolve!: (r: WatchResult) => void;
  const promise = new Promise<WatchResult>((r) => (resolve = r));
  const mo = new MutationObserver(() => check(false));
  const observeAll = (all: Array<Document | ShadowRoot>) => {
    for (const root of all)
      if (!observed.has(root)) {
        observed.add(root);
        mo.observe(root, { childList: true, subtree: true, attributes: true, characterData: true });
      }
  };
  const onClick = () => {
    if (start === undefined) start = performance.now();
  };
  const stop = () => {
    stopped = true;
    mo.disconnect();
    cancelAnimationFrame(raf);
    window.removeEventListener('click', onClick, true);
  };
  const finish = (frame: number) => {
    if (stopped) return;
    const result = { start: start!, dom: dom ?? frame, frame, frameEpoch: performance.timeOrigin + frame };
    win.__benchWatch!.result = result;
    stop();
    resolve(result);
  };
  // fromFrame: called at the start of an animation frame (this frame paints what is rendered now).
  function check(fromFrame: boolean) {
    if (stopped || start === undefined) return;
    const all = roots();
    observeAll(all);
    if (!find(all)) return;
    const now = performance.now();
    dom ??= now;
    if (fromFrame) finish(now);
  }
  const loop = () => {
    check(true);
    if (!stopped) raf = requestAnimationFrame(loop);
  };
  if (find(roots())) {
    win.__benchWatch = { promise: Promise.reject(new Error('target already visible before the click')), error: 'already visible' };
    win.__benchWatch.promise.catch(() => undefined);
    return;
  }
  window.addEventListener('click', onClick, true);
  observeAll(roots());
  raf = requestAnimationFrame(loop);
  win.__benchWatch = { promise };
  win.__benchWatchStop = stop;
}

export async function awaitWatcher(page: Page, what: string): Promise<WatchResult> {
  return withTimeout(
    what,
    page.evaluate(() => (window as unknown as { __benchWatch: { promise: Promise<WatchResult> } }).__benchWatch.promise),
  );
}

/** Arms the watcher, clicks `click` (a Playwright locator), and returns click → target-rendered times. */
export async function timeClick(page: Page, what: string, click: ReturnType<Page['getByRole']>, target: Omit<Target, 'startOnClick'>) {
  await page.evaluate(armWatcher, { ...target, startOnClick: true });
  await withTimeout(`${what}: click`, click.click({ timeout: STEP_TIMEOUT_MS }));
  const r = await awaitWatcher(page, what);
  return { ms: r.frame - r.start, domMs: r.dom - r.start, frameAt: r.frame };
}

/** The Event Timing floor: an interaction with no entry took less than this (reported as this). */
export const INTERACTION_FLOOR_MS = 16;

/**
 * `timeClick`, then what opening cost the main thread from the click until `settleMs` after the frame that painted
 * the target: script time (CDP ScriptDuration), the long tasks overlapping that window (sum and longest), and the
 * tap's Interaction to Next Paint (its longest Event Timing entry; `INTERACTION_FLOOR_MS` when none was reported).
 */
export async function measureOpening(
  page: Page,
  cdp: CDPSession,
  what: string,
  click: ReturnType<Page['getByRole']>,
  target: Omit<Target, 'startOnClick'>,
  settleMs: number,
) {
  const scriptBefore = await scriptTimeMs(cdp);
  await page.evaluate(armWatcher, { ...target, startOnClick: true });
  await withTimeout(`${what}: click`, click.click({ timeout: STEP_TIMEOUT_MS }));
  const r = await awaitWatcher(page, what);
  const settled = r.frame + settleMs;
  await sleep(Math.max(0, settled - (await page.evaluate(() => performance.now()))));
  const scriptMs = (await scriptTimeMs(cdp)) - scriptBefore;
  const inPage = await page.evaluate(
    ({ from, to }) => {
      const w = window as unknown as {
        __benchLongTasks: Array<{ start: number; duration: number }>;
        __benchLongFrames?: Array<{ start: number; end: number; scripts: Array<{ invoker: string; url: string; ms: number }> }>;
        __benchInteractions?: Array<{ start: number; duration: number }>;
      };
      const tasks = w.__benchLongTasks.filter((t) => t.start + t.duration > from && t.start < to);
      // Each with the scripts of its long animation frame (as longTasksUntil describes them), for --files.
      const described = tasks.map((t) => {
        const frame = w.__benchLongFrames?.find((f) => f.start <= t.start + 1 && t.start < f.end);
        const scripts = (frame?.scripts ?? []).map((x) => `${x.invoker}:${x.url.split('/').pop() || '(bench init script)'}:${x.ms}`);
        return `click+${Math.round(t.start - from)}+${Math.round(t.duration)} ms [${scripts.join(', ') || 'no script over 5 ms'}]`;
      });
      // The tap's pointerdown precedes the click the watcher stamped by the time between press and release.
      const tap = (w.__benchInteractions ?? []).filter((e) => e.start >= from - 500 && e.start <= from + 50);
      return {
        longTasksMs: tasks.reduce((n, t) => n + t.duration, 0),
        longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
        tapMs: tap.length ? Math.max(...tap.map((e) => e.duration)) : undefined,
        described,
      };
    },
    { from: r.start, to: settled },
  );
  return {
    ms: r.frame - r.start,
    domMs: r.dom - r.start,
    frameAt: r.frame,
    scriptMs,
    longTasksMs: inPage.longTasksMs,
    longestTaskMs: inPage.longestTaskMs,
    inpMs: inPage.tapMs ?? INTERACTION_FLOOR_MS,
    longTasks: inPage.described,
  };
}
