/**
 * The approval screen's document part (src/page/approval-screen.ts) in happy-dom: its texts and roles, the Approve
 * button disabled until the screen has been visible for APPROVAL_VISIBLE_DELAY_MS (Intersection Observer v2's
 * `isVisible`, or v1's intersection with the document visible), a script's click never approving, the fee
 * acknowledgement, the height it reports and its removal once decided elsewhere. Observers and time are doubles.
 */
import { describe, expect, test } from '@rstest/core';
import { APPROVAL_VISIBLE_DELAY_MS } from '@portico/shared-state/embedded';
import { Window } from 'happy-dom';
import { createApprovalScreen, SCREEN_TEXTS } from '../src/page/approval-screen';
import type { ApprovalScreen, ShownApproval } from '../src/page/approvals';

const ORIGIN = 'https://shop.example';
const ACCOUNT = '0x1111111111111111111111111111111111111111';

const transaction: ApprovalScreen = {
  method: 'eth_sendTransaction',
  heading: 'Review transaction',
  requestedBy: ORIGIN,
  rows: [
    { label: 'Account', value: ACCOUNT },
    { label: 'Network', value: 'Anvil (chain 31337)' },
    { label: 'To', value: '0x2222222222222222222222222222222222222222' },
    { label: 'Amount', value: '1.5 ETH' },
    { label: 'Network fee', value: 'Up to 0.000042 ETH' },
  ],
  feeWei: 42_000_000_000_000n,
};

/** An Intersection Observer double: `report` plays the browser's callback; `v2` says whether it tracks visibility. */
function observerDouble(v2: boolean) {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[]; trackVisibility: boolean }[] = [];
  class FakeIntersectionObserver {
    readonly trackVisibility = v2;
    readonly entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, options, targets: [], trackVisibility: v2 };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    disconnect() {
      this.entry.targets = [];
    }
  }
  const report = (entry: { isVisible?: boolean; isIntersecting?: boolean; intersectionRatio?: number }) => {
    for (const observer of observers) {
      if (observer.targets.length > 0) observer.callback([{ isIntersecting: false, intersectionRatio: 0, ...entry } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  };
  return { IntersectionObserver: FakeIntersectionObserver as unknown as typeof IntersectionObserver, observers, report };
}

function setUp(options: { v2?: boolean; observer?: boolean; userActive?: boolean | undefined } = {}) {
  const window = new Window({ url: 'http://127.0.0.1:3010/?projectId=p&chainId=31337&version=1' });
  const document = window.document as unknown as Document;
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  const heights: number[] = [];
  const io = observerDouble(options.v2 ?? true);
  const screen = createApprovalScreen({
    document,
    now: () => now,
    setTimer: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => void (timers = timers.filter((each) => each !== timer));
    },
    ...(options.observer !== false && { IntersectionObserver: io.IntersectionObserver }),
    userActive: () => ('userActive' in options ? options.userActive : true),
    onHeight: (height) => void heights.push(height),
  });
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((timer) => timer.at <= now);
    timers = timers.filter((timer) => timer.at > now);
    for (const timer of due) timer.run();
  };
  const decisions: string[] = [];
  const gone = new AbortController();
  const show = (shown: ApprovalScreen) => {
    const approval: ShownApproval = {
      screen: shown,
      signal: gone.signal,
      approve: ({ feeAcknowledged = false } = {}) => (decisions.push(`approve${feeAcknowledged ? ' (fee acknowledged)' : ''}`), true),
      reject: () => void decisions.push('reject'),
    };
    screen.show(approval);
  };
  const button = (name: string) => [...document.querySelectorAll('button')].find((each) => each.textContent === name) as HTMLButtonElement;
  const status = () => document.querySelector('[role="status"]')?.textContent;
  /** A click as the browser makes it for a person (happy-dom's own events are never trusted). */
  const trustedClick = (target: HTMLElement) => {
    const event = new window.MouseEvent('click', { bubbles: true }) as unknown as MouseEvent;
    Object.defineProperty(event, 'isTrusted', { value: true });
    target.dispatchEvent(event);
  };
  return { window, document, show, io, advance, decisions, gone, button, status, trustedClick, heights };
}

describe('the approval screen', () => {
  test('its texts and roles: heading, origin, details, buttons; Approve disabled and saying why', () => {
    const { document, show, button, status, heights } = setUp();
    show(transaction);
    expect(document.querySelector('h1')?.textContent).toBe('Review transaction');
    expect(document.querySelector('main')?.getAttribute('aria-labelledby')).toBe(document.querySelector('h1')?.id);
    expect([...document.querySelectorAll('p')].map((p) => p.textContent)).toContain(`Requested by ${ORIGIN}`);
    const rows = [...document.querySelectorAll('dl > div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]);
    expect(rows).toEqual(transaction.rows.map((row) => [row.label, row.value]));
    expect(button('Reject').type).toBe('button');
    expect(button('Approve').disabled).toBe(true);
    expect(status()).toBe(SCREEN_TEXTS.waitingToBeSeen);
    expect(document.querySelector('[style]')).toBeNull();
    expect(heights).toHaveLength(1);
    expect(heights[0]).toBeGreaterThanOrEqual(1);
  });

  test('a message in a region named Message; calls one entry each', () => {
    const { document, show } = setUp();
    show({ method: 'personal_sign', heading: 'Sign message', requestedBy: ORIGIN, rows: [], message: '<b>not html</b>\nline 2' });
    const region = document.querySelector('section[aria-label="Message"]');
    expect(region?.textContent).toBe('<b>not html</b>\nline 2');
    expect(region?.querySelector('b')).toBeNull();
    const { document: other, show: showCalls } = setUp();
    showCalls({ ...transaction, method: 'wallet_sendCalls', heading: 'Review calls', calls: [[{ label: 'To', value: 'a' }], [{ label: 'To', value: 'b' }]] });
    const calls = other.querySelector('ol[aria-label="Calls"]');
    expect([...calls!.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Call 1 of 2', 'Call 2 of 2']);
  });

  test(`Approve works only after ${APPROVAL_VISIBLE_DELAY_MS} ms reported visible (IO v2), without a break`, () => {
    const { show, io, advance, button, status, decisions, trustedClick } = setUp({ v2: true });
    show(transaction);
    expect(io.observers[0]!.options).toMatchObject({ trackVisibility: true, delay: 100, threshold: [1] });
    // Wholly in view, but not reported visible (covered or faded by the host page): never.
    io.report({ isVisible: false, isIntersecting: true, intersectionRatio: 1 });
    advance(APPROVAL_VISIBLE_DELAY_MS * 4);
    expect(button('Approve').disabled).toBe(true);
    trustedClick(button('Approve'));
    expect(decisions).toEqual([]);

    io.report({ isVisible: true, isIntersecting: true, intersectionRatio: 1 });
    advance(APPROVAL_VISIBLE_DELAY_MS - 1);
    expect(button('Approve').disabled).toBe(true);
    trustedClick(button('Approve'));
    expect(decisions).toEqual([]);
    // A break starts the wait again.
    io.report({ isVisible: false });
    io.report({ isVisible: true, isIntersecting: true, intersectionRatio: 1 });
    advance(APPROVAL_VISIBLE_DELAY_MS - 1);
    expect(button('Approve').disabled).toBe(true);
    advance(1);
    expect(button('Approve').disabled).toBe(false);
    expect(status()).toBe(SCREEN_TEXTS.ready);

    // A script's clicks do nothing, enabled or not.
    button('Approve').click();
    button('Approve').dispatchEvent(new (setUp().window.MouseEvent)('click') as unknown as Event);
    expect(decisions).toEqual([]);
    trustedClick(button('Approve'));
    expect(decisions).toEqual(['approve']);
  });

  test('without IO v2: the screen wholly in view (IO v1) and the document visible, for the delay', () => {
    const { document, show, io, advance, button, decisions, trustedClick } = setUp({ v2: false });
    show(transaction);
    io.report({ isIntersecting: true, intersectionRatio: 0.5 });
    advance(APPROVAL_VISIBLE_DELAY_MS);
    expect(button('Approve').disabled).toBe(true);
    io.report({ isIntersecting: true, intersectionRatio: 1 });
    advance(APPROVAL_VISIBLE_DELAY_MS / 2);
    // The tab is hidden for a moment: the wait starts again.
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new (setUp().window.Event)('visibilitychange') as unknown as Event);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new (setUp().window.Event)('visibilitychange') as unknown as Event);
    advance(APPROVAL_VISIBLE_DELAY_MS - 1);
    expect(button('Approve').disabled).toBe(true);
    advance(1);
    expect(button('Approve').disabled).toBe(false);
    trustedClick(button('Approve'));
    expect(decisions).toEqual(['approve']);
  });

  test('no user activation reported: the click does nothing; Reject always works', () => {
    const { show, io, advance, button, decisions, trustedClick } = setUp({ userActive: false });
    show(transaction);
    io.report({ isVisible: true, isIntersecting: true, intersectionRatio: 1 });
    advance(APPROVAL_VISIBLE_DELAY_MS);
    trustedClick(button('Approve'));
    expect(decisions).toEqual([]);
    button('Reject').click();
    expect(decisions).toEqual(['reject']);
  });

  test('a fee warning: an alert with both amounts and a checkbox to tick before Approve works', () => {
    const { document, show, io, advance, button, status, decisions, trustedClick } = setUp();
    const text = "This site set a network fee of 0.021 ETH, over 10× the network's estimate of 0.000021 ETH.";
    show({ ...transaction, feeWarning: { text, feeWei: 21n, estimateWei: 1n } });
    expect(document.querySelector('[role="alert"] p')?.textContent).toBe(text);
    const checkbox = document.querySelector('[role="alert"] input[type="checkbox"]') as HTMLInputElement;
    expect(checkbox.closest('label')?.textContent?.trim()).toBe('Pay this fee anyway');
    io.report({ isVisible: true, isIntersecting: true, intersectionRatio: 1 });
    advance(APPROVAL_VISIBLE_DELAY_MS);
    expect(button('Approve').disabled).toBe(true);
    expect(status()).toBe(SCREEN_TEXTS.acknowledgeFirst);
    checkbox.checked = true;
    checkbox.dispatchEvent(new (setUp().window.Event)('change') as unknown as Event);
    expect(button('Approve').disabled).toBe(false);
    trustedClick(button('Approve'));
    expect(decisions).toEqual(['approve (fee acknowledged)']);
  });

  test('decided elsewhere (cancelled, timed out): the screen goes away', () => {
    const { document, show, gone, io } = setUp();
    show(transaction);
    gone.abort();
    expect(document.querySelector('main')).toBeNull();
    expect(io.observers[0]!.targets).toEqual([]);
  });

  test('no Intersection Observer at all: the time since shown, with the document visible', () => {
    const { show, advance, button } = setUp({ observer: false });
    show(transaction);
    advance(APPROVAL_VISIBLE_DELAY_MS - 1);
    expect(button('Approve').disabled).toBe(true);
    advance(1);
    expect(button('Approve').disabled).toBe(false);
  });
});
