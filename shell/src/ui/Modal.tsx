import {
  alertAtom,
  connectorsAtom,
  modalFlagsAtom,
  routerAtom,
  viewTitle,
  type PorticoCore,
} from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { trapTab } from './focus';
import { BackIcon, CloseIcon } from './icons';
import { Toast } from './LiveRegion';
import { ViewOutlet } from './ViewOutlet';

const TITLE_ID = 'portico-title';

/** The dialog: named by its header, focus moved in, trapped, and returned to the opener on close. */
export function Modal({ core }: { core: PorticoCore }) {
  const { open, shake } = useAtomValue(modalFlagsAtom);
  const dialogRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  useLayoutEffect(() => {
    if (open) {
      const active = document.activeElement;
      openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
      dialogRef.current?.focus();
      return;
    }
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    // Focus that escapes the dialog (a click on the page behind, a screen-reader jump) comes back.
    const pullFocusBack = (event: FocusEvent) => {
      const dialog = dialogRef.current;
      if (dialog && !event.composedPath().includes(dialog)) dialog.focus();
    };
    document.addEventListener('focusin', pullFocusBack);
    return () => document.removeEventListener('focusin', pullFocusBack);
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      core.modal.close();
    } else if (event.key === 'Tab' && dialogRef.current) {
      trapTab(event.nativeEvent, dialogRef.current);
    }
  };

  return (
    <div
      className="portico-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) core.modal.close();
      }}
    >
      <div
        ref={dialogRef}
        className="portico-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={TITLE_ID}
        tabIndex={-1}
        data-shake={shake}
        onKeyDown={onKeyDown}
      >
        <Header core={core} />
        <AlertBanner />
        <ViewOutlet core={core} />
        <Toast />
      </div>
    </div>
  );
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

function Header({ core }: { core: PorticoCore }) {
  const { view, history, data } = useAtomValue(routerAtom);
  const connectors = useAtomValue(connectorsAtom);
  const walletName = connectors.find((connector) => connector.id === data?.connectorId)?.name ?? data?.wallet?.name;
  return (
    <header className="portico-header">
      {history.length > 1 ? (
        <button type="button" className="portico-icon-button" aria-label="Back" onClick={() => core.router.goBack()}>
          <BackIcon />
        </button>
      ) : (
        <span />
      )}
      <h2 id={TITLE_ID} className="portico-title">
        {viewTitle(view, { walletName })}
      </h2>
      <button type="button" className="portico-icon-button" aria-label="Close" onClick={() => core.modal.close()}>
        <CloseIcon />
      </button>
    </header>
  );
}
