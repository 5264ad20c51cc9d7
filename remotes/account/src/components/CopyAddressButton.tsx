import type { PorticoCore } from '@portico/shared-state';
import { CopyButton } from '@portico/ui';

/** "Copy address" with the account views' toasts; `iconOnly` next to a shown address. */
export function CopyAddressButton({ portico, address, iconOnly = false }: { portico: PorticoCore; address: string; iconOnly?: boolean }) {
  return (
    <CopyButton
      portico={portico}
      value={address}
      label="Copy address"
      copiedMessage="Address copied"
      failedMessage="Could not copy the address"
      iconOnly={iconOnly}
    />
  );
}
