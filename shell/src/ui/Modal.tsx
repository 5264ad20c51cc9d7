import {
  alertAtom,
  connectorsAtom,
  modalFlagsAtom,
  routerAtom,
  signInAtom,
  type PorticoCore,
} from '@portico/shared-state';
// Bundled with the dialog (a subpath, not the shared index): the titles are not on the page's critical path.
import { SECURE_FRAME_VIEWS, viewTitle } from '@portico/shared-state/views';
import { useAtomValue } from 'jotai';
import type { ShellChrome } from '@portico/ui';
import { Activity, useRef, useState, useSyncExternalStore, type Ref } from 'react';
import { readyModuleCount, subscribeReadyModules } from '../remote-loader';
import { useShellChrome } from './chrome';
import { useDialogFocus } from './dialog-focus';
import { BackIcon, CloseIcon } from './icons';
import { Toast } from './LiveRegion';
import { useAnimatedHeight } from './motion';
import { ViewOutlet } from './ViewOutlet';

const TITLE_ID = 'portico-title';

/**
 * The dialog: named by its header, focus moved into each view, trapped, and returned to the opener on close. Inline
 * (`enableEmbedded`: in the host's own `<portico-modal>`, see create-portico.ts) it is part of the page instead: no
 * overlay, a region named by its header rather than a modal dialog (it hides nothing and holds no focus), no Close.
 * While closed it is prepared, hidden (React's `Activity`): the router's view renders at idle priority, with no
 * effect run and nothing exposed (`display: none`), so an open that shows that view only reveals it and runs its
 * effects. Its `key` (`usePreparedKey`) gives each close a fresh tree, so a view opens as new, and an open that shows
 * another view (Account, once connected) a fresh one too: a hidden tree's atoms are not subscribed, so revealing it
 * for another view would first commit the old view with its effects.
 */
export function Modal({ core }: { core: PorticoCore }) {
  const { open, shake } = useAtomValue(modalFlagsAtom);
  const router = useAtomValue(routerAtom);
  const inline = core.options.enableEmbedded;
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  useAnimatedHeight(open, viewportRef, contentRef);
  useDialogFocus(open, router, { dialog: dialogRef, title: titleRef, body: bodyRef }, core.modal.close, inline);
  const chrome = useShellChrome(core, open);
  // A prefetched view module arriving re-renders the prepared view with it (a hidden tree runs no subscription).
  useSyncExternalStore(subscribeReadyModules, readyModuleCount, readyModuleCount);
  const key = usePreparedKey(open, router.view);

  return (
    <Activity key={key} mode={open ? 'visible' : 'hidden'}>
      <div
        className={inline ? 'portico-inline' : 'portico-overlay'}
        onMouseDown={(event) => {
          if (!inline && event.target === event.currentTarget) core.modal.close();
        }}
      >
        <div
          ref={dialogRef}
          className="portico-dialog"
          role={inline ? 'region' : 'dialog'}
          // The approval screen is the secure site's frame over the dialog, outside it in the tree (issue 28): a modal
          // dialog would hide it from screen readers.
          aria-modal={inline || SECURE_FRAME_VIEWS.includes(router.view) ? undefined : true}
          aria-labelledby={TITLE_ID}
          tabIndex={-1}
          data-shake={shake}
          lang={chrome?.locale}
          dir={chrome?.dir}
        >
          {/* The header stays put (Back and Close never scroll away); the view scrolls in the viewport under it. */}
          <Header core={core} titleRef={titleRef} chrome={chrome} inline={inline} />
          <div ref={viewportRef} className="portico-viewport">
            <div ref={contentRef} className="portico-content">
              {/* Toasts take their own line at the top, under the header: they never cover a view's controls. */}
              <Toast />
              <AlertBanner />
              <ViewOutlet core={core} bodyRef={bodyRef} />
            </div>
          </div>
        </div>
      </div>
    </Activity>
  );
}

/**
 * The prepared dialog's key: the number of closes and the view it shows, which follows the router while closed
 * and stays the view the open showed until the next close (navigating inside the open dialog keeps the tree).
 */
function usePreparedKey(open: boolean, view: string): string {
  const [prepared, setPrepared] = useState({ closes: 0, open, view });
  const next = { closes: prepared.closes + Number(prepared.open && !open), open, view: prepared.open && open ? prepared.view : view };
  if (next.closes !== prepared.closes || next.open !== prepared.open || next.view !== prepared.view) setPrepared(next);
  return `${next.closes}:${next.view}`;
}

/** A problem with the site's own setup (e.g. origin not on the allow-list), above every view. */
function AlertBanner() {
  const alert = useAtomValue(alertAtom);
  if (!alert) return null;
  return (
    <div className="portico-alert" role="alert">
      <strong>{alert.title}</strong>
      <p className="portico-muted">{alert.message}</p>
    </div>
  );
}

function Header(props: { core: PorticoCore; titleRef: Ref<HTMLHeadingElement>; chrome?: ShellChrome; inline: boolean }) {
  const { core, titleRef, chrome, inline } = props;
  const { view, history, data } = useAtomValue(routerAtom);
  const connectors = useAtomValue(connectorsAtom);
  const walletName = connectors.find((connector) => connector.id === data?.connectorId)?.name ?? data?.wallet?.name;
  const socialProviderName = data?.socialProviderName;
  const title = viewTitle(view, { walletName, socialProviderName });
  const shownTitle = chrome ? chrome.title(view, title, view === 'GetWallet' ? walletName : socialProviderName) : title;
  // Required sign-in refuses every close (spec §2): no Close button that cannot close. Inline, nothing closes.
  const closeDisabled = useAtomValue(signInAtom).closeDisabled || inline;
  // Inline, a view the host opened on its own still has a way home: Back from the only entry closes, which returns
  // to Account or Connect (create-portico.ts `keepInline`).
  const canGoBack = history.length > 1 || (inline && view !== 'Connect' && view !== 'Account');
  return (
    // A div, not <header>: inside the dialog it is no page banner (the host page has its own; axe: one banner).
    <div className="portico-header">
      {canGoBack ? (
        <button type="button" className="portico-icon-button" aria-label={chrome?.back ?? 'Back'} onClick={() => core.router.goBack()}>
          <BackIcon />
        </button>
      ) : (
        <span />
      )}
      {/* tabIndex -1: focus lands on the title when a view opens, so no view has to take it. */}
      <h2 id={TITLE_ID} ref={titleRef} className="portico-title" tabIndex={-1}>
        {/* Keyed by its words: a new title fades in (120 ms) rather than snapping. */}
        <span key={shownTitle} className="portico-title-text">
          {shownTitle}
        </span>
      </h2>
      {closeDisabled ? (
        <span />
      ) : (
        <button type="button" className="portico-icon-button" aria-label={chrome?.close ?? 'Close'} onClick={() => core.modal.close()}>
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
