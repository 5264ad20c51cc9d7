import { activeAccountAtom, type FeatureName, type PorticoCore, type ViewName } from '@portico/shared-state';
import { isOnRampRestricted } from '@portico/shared-state/onramp-rules';
import { useAtomValue } from 'jotai';
import { useAccountMessages } from '../messages';

/** What the person can do from the account, each behind its feature flag. */
const ACCOUNT_ACTIONS = [
  { feature: 'send', label: 'action.send', view: 'WalletSend' },
  { feature: 'receive', label: 'action.receive', view: 'WalletReceive' },
  { feature: 'swaps', label: 'action.swap', view: 'Swap' },
  { feature: 'onramp', label: 'action.buy', view: 'OnRampProviders' },
] as const satisfies ReadonlyArray<{ feature: FeatureName; label: string; view: ViewName }>;

/**
 * Send / Receive / Swap / Buy for the features that are on (each view lives in its own remote,
 * fetched only when opened), and "Choose a name" while the account has none.
 */
export function AccountActions({ portico }: { portico: PorticoCore }) {
  const t = useAccountMessages();
  const account = useAtomValue(activeAccountAtom);
  const { features } = portico.options;
  // Spec section 9: the on-ramp is hidden in the restricted time zones.
  const onRampRestricted = isOnRampRestricted(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const actions = ACCOUNT_ACTIONS.filter((action) => features[action.feature] && !(action.feature === 'onramp' && onRampRestricted));
  return (
    <>
      {actions.length > 0 && (
        <div className="portico-row portico-account-actions">
          {actions.map((action) => (
            <button
              key={action.view}
              type="button"
              className="portico-button portico-button-secondary"
              onClick={() => portico.router.push(action.view)}
            >
              {t(action.label)}
            </button>
          ))}
        </div>
      )}
      {features.names && !account.profileName && (
        <button type="button" className="portico-list-item" onClick={() => portico.router.push('RegisterAccountName')}>
          {t('action.chooseName')}
        </button>
      )}
    </>
  );
}
