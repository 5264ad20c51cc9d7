import { announcementAtom, toastAtom } from '@portico/shared-state';
import { useAtomValue } from 'jotai';

/** Announces status changes (connections, toasts) to screen readers, even while the modal is closed. */
export function LiveRegion() {
  const announcement = useAtomValue(announcementAtom);
  return (
    <div className="portico-visually-hidden" role="status" aria-live="polite">
      {announcement}
    </div>
  );
}

export function Toast() {
  const toast = useAtomValue(toastAtom);
  if (!toast.open) return null;
  return (
    <div className="portico-toast" data-variant={toast.variant} role={toast.variant === 'error' ? 'alert' : 'status'}>
      {toast.message}
    </div>
  );
}
