import type { CaipNetwork, SwitchFailure } from '@portico/shared-state';
import { useAccountMessages } from '../messages';

/**
 * Why the switch to `network` failed, naming it: the wallet declined, the chain is not supported (spec §8), or it
 * failed, with the wallet's reason when it gave a known one.
 */
export function SwitchFailureAlert({ network, failure }: { network: CaipNetwork; failure: SwitchFailure }) {
  const t = useAccountMessages();
  const text = {
    declined: t('networks.switchDeclined', { network: network.name }),
    unsupported: t('networks.switchUnsupported', { network: network.name }),
    failed: t('networks.switchFailed', { network: network.name }),
  }[failure.reason];
  return (
    <p className="portico-error-text" role="alert">
      {failure.detail ? `${text} ${failure.detail}` : text}
    </p>
  );
}
