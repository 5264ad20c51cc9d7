import { activeAccountAtom, WALLET_FEATURE_ORDER, type PorticoCore, type ViewName } from '@portico/shared-state';
import { isOnRampRestricted } from '@portico/shared-state/onramp-rules';
import { useAtomValue } from 'jotai';
import { useAccountMessages } from '../messages';

/** What each wallet feature of the account shows and opens. */
const ACCOUNT_ACTIONS = {
  onramp: { label: 'action.buy', view: 'OnRampProviders' },
  swaps: { label: 'action.swap', view: 'Swap' },
  receive: { label: 'action.receive', view: 'WalletReceive' },
  send: { label: 'action.send', view: 'WalletSend' },
} as const satisfies Record<(typeof WALLET_FEATURE_ORDER)[number], { label: string; view: ViewName }>;

/**
 * Buy / Swap / Receive / Send (spec order) for the features that are on (each view lives in its own remote,
 * fetched only when opened), and "Choose a name" while the account has none.
 */
export function AccountActions({ portico }: { portico: PorticoCore }) {
  const t = useAccountMessages();
  const account = useAtomValue(activeAccountAtom);
  const { features } = portico.options;
  // Spec section 9: the on-ramp is hidden in the restricted time zones.
  const onRampRestricted = isOnRampRestricted(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const actions = WALLET_FEATURE_ORDER.filter((feature) => features[feature] && !(feature === 'onramp' && onRampRestricted)).map(
    (feature) => ACCOUNT_ACTIONS[feature],
  );
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
