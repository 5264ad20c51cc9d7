import { shortenAddress, type PorticoCore } from '@portico/shared-state';
import { CopyButton } from './copy-button';
import { useKitMessages } from './messages';

export interface AddressTextProps {
  /** An address or a transaction hash. */
  value: string;
  /** With the core, a copy button follows (its toast goes through the modal). */
  portico?: PorticoCore;
  /** The copy button's accessible name ("Copy address" unless given). */
  copyLabel?: string;
  /** The toast after copying ("Address copied" unless given). */
  copiedMessage?: string;
}

/**
 * An address or hash on one line, shortened in the middle (`0x1234…abcd`, the whole value as its title)
 * so it never wraps mid-string, with a copy button when `portico` is given.
 *
 * @example
 * <AddressText value={receiver} portico={portico} />
 */
export function AddressText({ value, portico, copyLabel, copiedMessage }: AddressTextProps) {
  const t = useKitMessages();
  return (
    <span className="portico-address">
      <span title={value}>{shortenAddress(value)}</span>
      {portico && (
        <CopyButton portico={portico} value={value} iconOnly label={copyLabel ?? t('copyAddress')} copiedMessage={copiedMessage ?? t('addressCopied')} />
      )}
    </span>
  );
}
