import { announcementAtom, type PorticoCore, type ToastVariant } from '@portico/shared-state';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';

/**
 * Shows a toast through the core's toast controller (one at a time, spec timings) and, for a
 * success, also puts the message in the shell's live region unless `announce: false`: a toast is
 * inserted with its text, which screen readers may not read out, while the live region is always
 * on the page. Pass `announce: false` where the same words must stay one text on the page.
 *
 * @example
 * const toast = useToast(portico);
 * toast('success', 'Address copied');
 * toast('success', 'Link copied', { announce: false });
 */
export function useToast(
  portico: PorticoCore,
): (variant: ToastVariant, message: string, options?: { announce?: boolean }) => void {
  const announce = useSetAtom(announcementAtom);
  return useCallback(
    (variant: ToastVariant, message: string, options: { announce?: boolean } = {}) => {
      portico.toast.show(variant, message);
      if (variant === 'success' && options.announce !== false) announce(message);
    },
    [portico, announce],
  );
}
