import type { PorticoCore } from '@portico/shared-state';
import { useKitMessages } from './messages';
import { useToast } from './toast';

export interface CopyButtonProps {
  portico: PorticoCore;
  /** The text to copy, or a function read at click time (a value that changes, like a pairing URI). */
  value: string | (() => string | undefined);
  /** The button's accessible name, also its visible text unless `iconOnly` ("Copy address", "Copy link"; "Copy" unless given). */
  label?: string;
  /** The success toast ("Address copied"; "Copied" unless given). */
  copiedMessage?: string;
  /** The error toast when the clipboard refuses ("Could not copy the address"; "Could not copy" unless given). */
  failedMessage?: string;
  /** A square icon button named by `label` (next to a value), instead of a secondary text button. */
  iconOnly?: boolean;
  /** Also reads the success message out through the shell's live region (default true; see `useToast`). */
  announce?: boolean;
}

/**
 * Copies a value to the clipboard and says so with a toast (also announced on success, unless
 * `announce={false}`); a refused clipboard shows the error toast. Nothing is copied when `value`
 * gives nothing. The defaults are in the modal's locale.
 *
 * @example
 * <CopyButton portico={portico} value={address} label="Copy address" copiedMessage="Address copied"
 *   failedMessage="Could not copy the address" iconOnly />
 * <CopyButton portico={portico} value={() => portico.store.get(walletConnectAtom).wcUri} label="Copy link"
 *   copiedMessage="Link copied" failedMessage="Could not copy the link" announce={false} />
 */
export function CopyButton({ portico, value, iconOnly = false, announce = true, ...words }: CopyButtonProps) {
  const t = useKitMessages();
  const label = words.label ?? t('copy');
  const copiedMessage = words.copiedMessage ?? t('copied');
  const failedMessage = words.failedMessage ?? t('copyFailed');
  const toast = useToast(portico);
  const copy = async () => {
    const text = typeof value === 'function' ? value() : value;
    if (!text) return;
    try {
      await navigator.clipboard.writeText(text);
      toast('success', copiedMessage, { announce });
    } catch {
      toast('error', failedMessage);
    }
  };
  return iconOnly ? (
    <button type="button" className="portico-icon-button" aria-label={label} onClick={() => void copy()}>
      <CopyIcon />
    </button>
  ) : (
    <button type="button" className="portico-button portico-button-secondary" onClick={() => void copy()}>
      <CopyIcon />
      {label}
    </button>
  );
}

function CopyIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="5" y="5" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M3 10V4a1 1 0 0 1 1-1h6" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
