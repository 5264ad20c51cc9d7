/**
 * The approval screen, drawn by this page in its own frame (issue 28). It shows the frozen request
 * (./approval-model.ts) and approves only on a real click on its own Approve button while the frame has been
 * visible for `APPROVAL_VISIBLE_DELAY_MS`:
 *
 * - the click must be trusted (`event.isTrusted`: the browser's, not a script's) and carry user activation where the
 *   browser reports it (`navigator.userActivation.isActive`);
 * - clickjacking: where the browser has Intersection Observer v2 (`trackVisibility`), the screen must be reported
 *   `isVisible` (unoccluded, untransformed, opaque: the host page cannot cover or fade the frame) without a break for
 *   the delay; elsewhere the document must be visible (`visibilityState`) and the screen wholly in view (Intersection
 *   Observer v1) for the delay since it was last shown. A click before that, or any report of not visible, does nothing.
 *
 * Text only through `textContent` (never HTML); style only through the entry's stylesheet (CSP `style-src 'self'`).
 */
import { APPROVAL_VISIBLE_DELAY_MS, MAX_APPROVAL_HEIGHT_PX } from '@portico/shared-state/embedded';
import { requestedByText } from './approval-model';
import { dappBadge, type ShownDapp } from './host-look';
import type { ScreenRow, ShownApproval } from './approvals';

export const SCREEN_TEXTS = {
  reject: 'Reject',
  approve: 'Approve',
  acknowledgeFee: 'Pay this fee anyway',
  waitingToBeSeen: 'Approve works once this screen has been visible for a moment',
  acknowledgeFirst: 'Tick "Pay this fee anyway" to approve this fee',
  ready: 'Check the details, then approve or reject',
  messageRegion: 'Message',
  callsList: 'Calls',
} as const;
export const callHeading = (index: number, count: number) => `Call ${index + 1} of ${count}`;

export interface ApprovalScreenEnv {
  document: Document;
  /** Monotonic milliseconds (performance.now). */
  now(): number;
  /** Returns its cancel. */
  setTimer(run: () => void, ms: number): () => void;
  /** Absent: visibility falls back to the document's state and the time since shown. */
  IntersectionObserver?: typeof IntersectionObserver;
  ResizeObserver?: typeof ResizeObserver;
  /** `navigator.userActivation.isActive`; undefined where the browser does not report it. */
  userActive(): boolean | undefined;
  /** The screen's height in CSS pixels (1..MAX_APPROVAL_HEIGHT_PX), when drawn and whenever it changes: APPROVAL_SHOWN. */
  onHeight(height: number): void;
  /** The dapp the host named (SYNC_DAPP_DATA, ./host-look.ts), drawn atop the screen; none: the origin line alone. */
  dapp?(): ShownDapp | undefined;
}

/** The dapp's badge atop a screen when the host named one (the verified origin line still says who asked). */
export function appendDapp(root: HTMLElement, env: ApprovalScreenEnv) {
  const dapp = env.dapp?.();
  if (dapp) root.append(dappBadge(env.document, dapp));
}

/** Intersection Observer v2's entry field (not in every DOM typing). */
type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean };

/**
 * Tracks whether `target` has been visible without a break for `APPROVAL_VISIBLE_DELAY_MS`; calls `onChange` when
 * that may have changed. The key export screen (./export-screen.ts) takes the same gate.
 */
export function watchVisibility(target: Element, env: ApprovalScreenEnv, onChange: () => void) {
  const { document } = env;
  let visibleSince: number | undefined;
  /** Wholly in view (v1), or reported visible (v2); without any observer: from the moment shown. */
  let seen = env.IntersectionObserver === undefined;
  let cancelTimer = () => {};
  const update = () => {
    const visible = seen && document.visibilityState === 'visible';
    if (!visible) visibleSince = undefined;
    else if (visibleSince === undefined) {
      visibleSince = env.now();
      cancelTimer();
      cancelTimer = env.setTimer(onChange, APPROVAL_VISIBLE_DELAY_MS);
    }
    onChange();
  };
  let observer: IntersectionObserver | undefined;
  if (env.IntersectionObserver) {
    // trackVisibility needs a delay of at least 100 ms; a browser without v2 ignores both options.
    const options = { trackVisibility: true, delay: 100, threshold: [1] } as IntersectionObserverInit;
    let tracksVisibility = false;
    observer = new env.IntersectionObserver((entries) => {
      for (const entry of entries as VisibilityEntry[]) {
        seen = tracksVisibility ? entry.isVisible === true : entry.isIntersecting && entry.intersectionRatio >= 0.99;
        // Any report of not visible starts the wait again.
        if (!seen) visibleSince = undefined;
      }
      update();
    }, options);
    tracksVisibility = (observer as IntersectionObserver & { trackVisibility?: boolean }).trackVisibility === true;
    observer.observe(target);
  }
  const onVisibilityChange = () => {
    visibleSince = undefined;
    update();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  update();
  return {
    ready: () => document.visibilityState === 'visible' && visibleSince !== undefined && env.now() - visibleSince >= APPROVAL_VISIBLE_DELAY_MS,
    stop() {
      cancelTimer();
      observer?.disconnect();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    },
  };
}

export function element<K extends keyof HTMLElementTagNameMap>(document: Document, tag: K, options: { className?: string; text?: string } = {}) {
  const node = document.createElement(tag);
  if (options.className) node.className = options.className;
  if (options.text !== undefined) node.textContent = options.text;
  return node;
}

function detailsList(document: Document, rows: readonly ScreenRow[]): HTMLDListElement {
  const list = element(document, 'dl', { className: 'approval-rows' });
  for (const row of rows) {
    const pair = element(document, 'div', { className: 'approval-row' });
    pair.append(element(document, 'dt', { text: row.label }), element(document, 'dd', { text: row.value }));
    list.append(pair);
  }
  return list;
}

/** The screen's document part; `show` is the wallet's `showApproval`. */
export function createApprovalScreen(env: ApprovalScreenEnv) {
  const { document } = env;

  function draw(approval: ShownApproval) {
    const { screen } = approval;
    const root = element(document, 'main', { className: 'approval' });
    const heading = element(document, 'h1', { className: 'approval-heading', text: screen.heading });
    heading.id = 'approval-heading';
    root.setAttribute('aria-labelledby', heading.id);
    appendDapp(root, env);
    root.append(heading, element(document, 'p', { className: 'approval-origin', text: requestedByText(screen.requestedBy) }));
    root.append(detailsList(document, screen.rows));
    if (screen.message !== undefined) {
      const message = element(document, 'section', { className: 'approval-message', text: screen.message });
      message.setAttribute('aria-label', SCREEN_TEXTS.messageRegion);
      // Scrolls inside when long, so the screen stays within the frame and can be seen whole.
      message.tabIndex = 0;
      root.append(message);
    }
    if (screen.calls) {
      const calls = element(document, 'ol', { className: 'approval-calls' });
      calls.setAttribute('aria-label', SCREEN_TEXTS.callsList);
      calls.tabIndex = 0;
      screen.calls.forEach((rows, index) => {
        const item = element(document, 'li', { className: 'approval-call' });
        const title = callHeading(index, screen.calls!.length);
        item.append(element(document, 'h2', { className: 'approval-call-heading', text: title }), detailsList(document, rows));
        calls.append(item);
      });
      root.append(calls);
    }
    let acknowledged: HTMLInputElement | undefined;
    if (screen.feeWarning) {
      const warning = element(document, 'div', { className: 'approval-warning' });
      warning.setAttribute('role', 'alert');
      const label = element(document, 'label', { className: 'approval-acknowledge' });
      acknowledged = element(document, 'input');
      acknowledged.type = 'checkbox';
      label.append(acknowledged, document.createTextNode(` ${SCREEN_TEXTS.acknowledgeFee}`));
      warning.append(element(document, 'p', { text: screen.feeWarning.text }), label);
      root.append(warning);
    }
    const status = element(document, 'p', { className: 'approval-status' });
    status.setAttribute('role', 'status');
    const reject = element(document, 'button', { className: 'approval-reject', text: SCREEN_TEXTS.reject });
    const approve = element(document, 'button', { className: 'approval-approve', text: SCREEN_TEXTS.approve });
    reject.type = 'button';
    approve.type = 'button';
    const actions = element(document, 'div', { className: 'approval-actions' });
    actions.append(reject, approve);
    root.append(status, actions);
    return { root, status, reject, approve, acknowledged };
  }

  return {
    show(approval: ShownApproval) {
      if (approval.signal.aborted) return;
      const { root, status, reject, approve, acknowledged } = draw(approval);
      document.body.append(root);

      const feeAcknowledged = () => acknowledged === undefined || acknowledged.checked;
      // Set just below: the observers report through `refresh` from their first call on.
      let visibility: ReturnType<typeof watchVisibility> | undefined;
      const refresh = () => {
        const seen = visibility?.ready() === true;
        approve.disabled = !(seen && feeAcknowledged());
        status.textContent = !seen ? SCREEN_TEXTS.waitingToBeSeen : feeAcknowledged() ? SCREEN_TEXTS.ready : SCREEN_TEXTS.acknowledgeFirst;
      };
      visibility = watchVisibility(root, env, refresh);
      refresh();
      acknowledged?.addEventListener('change', refresh);

      approve.addEventListener('click', (event) => {
        // A script's click (untrusted), a click without user activation, or one before the screen was seen: nothing.
        if (!event.isTrusted || env.userActive() === false || visibility?.ready() !== true) return refresh();
        approval.approve({ feeAcknowledged: acknowledged?.checked === true });
      });
      // Rejecting is always safe: any click may.
      reject.addEventListener('click', () => approval.reject());

      let lastHeight = 0;
      const reportHeight = () => {
        // The content's whole height: the screen is at most the frame's height and scrolls inside (approval.css), so
        // it is always wholly in the frame's view for the visibility check, however short the modal makes the frame.
        const height = Math.min(MAX_APPROVAL_HEIGHT_PX, Math.max(1, Math.ceil(root.scrollHeight)));
        if (height !== lastHeight) env.onHeight((lastHeight = height));
      };
      const resizes = env.ResizeObserver ? new env.ResizeObserver(reportHeight) : undefined;
      // The parts, not only the screen: once the screen is as tall as the frame it stops growing, while a part (the
      // host's font arriving, a name resolved) still can.
      for (const part of [root, ...root.children]) resizes?.observe(part);
      reportHeight();

      approval.signal.addEventListener(
        'abort',
        () => {
          visibility?.stop();
          resizes?.disconnect();
          root.remove();
        },
        { once: true },
      );
    },
  };
}
