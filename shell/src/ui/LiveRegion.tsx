import { announcementAtom, toastAtom } from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import { shellChromeAtom } from './chrome';

/**
 * Announces status changes (connections, toasts) to screen readers, even while the modal is closed: in the modal's
 * locale once it has opened (shared state says them in English).
 */
export function LiveRegion() {
  const announcement = useAtomValue(announcementAtom);
  const chrome = useAtomValue(shellChromeAtom);
  return (
    <div className="portico-visually-hidden" role="status" aria-live="polite">
      {chrome?.say(announcement) ?? announcement}
    </div>
  );
}

export function Toast() {
  const toast = useAtomValue(toastAtom);
  const chrome = useAtomValue(shellChromeAtom);
  if (!toast.open) return null;
  return (
    <div className="portico-toast" data-variant={toast.variant} role={toast.variant === 'error' ? 'alert' : 'status'}>
      {chrome?.say(toast.message) ?? toast.message}
    </div>
  );
}
