import type { AccountTypeStore, EmbeddedAccountType } from '@portico/shared-state';
import { useStoreSnapshot } from '@portico/ui';

const TYPE_NAMES: Record<EmbeddedAccountType, string> = { eoa: 'EOA', smartAccount: 'Smart account' };
const SWITCH_LABELS: Record<EmbeddedAccountType, string> = { eoa: 'Switch to EOA', smartAccount: 'Switch to smart account' };
/** The smart account has no code until its first user operation deploys it (spec section 3, `smartAccountDeployed`). */
const NOT_DEPLOYED_TEXT = 'Deploys with your first transaction';

/**
 * The embedded account's type and the switch to the other one, shown only when the user has a smart account on
 * this chain. Spec section 8's notice after switching to the smart account is a status line, not a toast: it is a
 * caveat to read at leisure, so it stays until the next switch instead of vanishing after two seconds. An active smart
 * account not deployed yet says it deploys with the first transaction (the line goes once the wallet reads it deployed).
 */
export function AccountType({ accountType }: { accountType: AccountTypeStore }) {
  const { active, smartAccountAvailable, smartAccountDeployed, busy, error, notice } = useStoreSnapshot(accountType);
  if (!smartAccountAvailable) return null;
  const other: EmbeddedAccountType = active === 'eoa' ? 'smartAccount' : 'eoa';
  return (
    <div className="portico-account-details">
      <div className="portico-row portico-account-detail-row">
        <p className="portico-muted">{TYPE_NAMES[active]}</p>
        <button
          type="button"
          className="portico-button portico-button-secondary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void accountType.switchTo(other)}
        >
          {busy ? 'Switching…' : SWITCH_LABELS[other]}
        </button>
      </div>
      {active === 'smartAccount' && !smartAccountDeployed && <p className="portico-muted">{NOT_DEPLOYED_TEXT}</p>}
      {notice && (
        <p className="portico-muted" role="status">
          {notice}
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
