import type { PorticoCore } from '@portico/shared-state';
import { CopyButton } from '@portico/ui';
import { useAccountMessages } from '../messages';

/** "Copy address" with the account views' toasts; `iconOnly` next to a shown address. */
export function CopyAddressButton({ portico, address, iconOnly = false }: { portico: PorticoCore; address: string; iconOnly?: boolean }) {
  const t = useAccountMessages();
  return (
    <CopyButton
      portico={portico}
      value={address}
      label={t('copy.address')}
      copiedMessage={t('copy.copied')}
      failedMessage={t('copy.failed')}
      iconOnly={iconOnly}
    />
  );
}
