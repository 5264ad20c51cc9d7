import { announcementAtom, type PorticoCore, type ToastVariant } from '@portico/shared-state';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';

/**
 * Shows a toast through the core's toast controller (one at a time, spec timings) and, for a
 * success, also puts the message in the shell's live region, so a screen reader hears it even when
 * focus is elsewhere.
 *
 * @example
 * const toast = useToast(portico);
 * toast('success', 'Address copied');
 */
export function useToast(portico: PorticoCore): (variant: ToastVariant, message: string) => void {
  const announce = useSetAtom(announcementAtom);
  return useCallback(
    (variant: ToastVariant, message: string) => {
      portico.toast.show(variant, message);
      if (variant === 'success') announce(message);
    },
    [portico, announce],
  );
}
