import type { AccountTypeStore, EmbeddedAccountType } from '@portico/shared-state';
import { useStoreSnapshot } from '@portico/ui';
import { useAccountMessages } from '../messages';

const TYPE_NAMES = { eoa: 'accountType.eoa', smartAccount: 'accountType.smartAccount' } as const satisfies Record<EmbeddedAccountType, string>;
const SWITCH_LABELS = {
  eoa: 'accountType.switchToEoa',
  smartAccount: 'accountType.switchToSmartAccount',
} as const satisfies Record<EmbeddedAccountType, string>;

/**
 * The embedded account's type and the switch to the other one, shown only when the user has a smart account on
 * this chain. Spec section 8's notice after switching to the smart account is a status line, not a toast: it is a
 * caveat to read at leisure, so it stays until the next switch instead of vanishing after two seconds. An active smart
 * account not deployed yet says it deploys with the first transaction (the line goes once the wallet reads it deployed:
 * spec section 3, `smartAccountDeployed`). The store's notice is always spec section 8's sentence, so the line shows it
 * in the modal's locale; the store's refusal (`error`) stays in the spec's English wording.
 */
export function AccountType({ accountType }: { accountType: AccountTypeStore }) {
  const t = useAccountMessages();
  const { active, smartAccountAvailable, smartAccountDeployed, busy, error, notice } = useStoreSnapshot(accountType);
  if (!smartAccountAvailable) return null;
  const other: EmbeddedAccountType = active === 'eoa' ? 'smartAccount' : 'eoa';
  return (
    <div className="portico-account-details">
      <div className="portico-row portico-account-detail-row">
        <p className="portico-muted">{t(TYPE_NAMES[active])}</p>
        <button
          type="button"
          className="portico-button portico-button-secondary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void accountType.switchTo(other)}
        >
          {busy ? t('accountType.switching') : t(SWITCH_LABELS[other])}
        </button>
      </div>
      {active === 'smartAccount' && !smartAccountDeployed && <p className="portico-muted">{t('accountType.notDeployed')}</p>}
      {notice && (
        <p className="portico-muted" role="status">
          {t('accountType.smartAccountNotice')}
        </p>
      )}
      {error && (
        <p className="portico-error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
