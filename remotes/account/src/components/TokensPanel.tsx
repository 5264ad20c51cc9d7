import { portfolioAtom, type BalanceItem, type PorticoCore } from '@portico/shared-state';
import { formatBalance } from '@portico/shared-state/amounts';
import { formatUsd } from '@portico/shared-state/formatters';
import { EmptyState, SkeletonRows, useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useAccountMessages } from '../messages';

/** How many skeleton rows stand for the balances while they load: the native token and a couple of tokens. */
const TOKEN_PLACEHOLDER_ROWS = 3;

/** Tokens tab: the account's balance items with quantity and value (spec section 3, Balance item). */
export function TokensPanel({ portico, caipAddress }: { portico: PorticoCore; caipAddress: string }) {
  const t = useAccountMessages();
  const portfolio = useAtomValue(portfolioAtom);

  useEffect(() => {
    void portico.accountData.refreshTokens();
  }, [portico, caipAddress]);

  // Balances of another account or network are never shown, not even for a frame.
  const current = portfolio.caipAddress === caipAddress;
  if (current && portfolio.unavailable) return <EmptyState>{t('tokens.unavailable')}</EmptyState>;
  // Token rows' shape (icon, name over quantity, value) while the balances load: the tab does not jump when they land.
  if (!current || (portfolio.loading && portfolio.balances.length === 0)) {
    return <SkeletonRows rows={TOKEN_PLACEHOLDER_ROWS} label={t('tokens.loading')} listLabel={t('tab.tokens')} round detail end />;
  }
  if (portfolio.balances.length === 0) {
    return portfolio.lastFailure !== undefined ? (
      <EmptyState>{t('tokens.failed')}</EmptyState>
    ) : (
      <EmptyState>{t('tokens.none')}</EmptyState>
    );
  }

  return (
    <ul className="portico-list" role="list" aria-label={t('tab.tokens')} aria-busy={portfolio.loading}>
      {portfolio.balances.map((item) => (
        <TokenRow key={`${item.chainId}:${item.address ?? 'native'}:${item.symbol}`} item={item} />
      ))}
    </ul>
  );
}

function TokenRow({ item }: { item: BalanceItem }) {
  const { locale } = useLocale();
  return (
    <li className="portico-list-item portico-list-item-static">
      <TokenIcon item={item} />
      <span className="portico-item-text">
        <span className="portico-ellipsis">{item.name}</span>
        {/* Number and symbol are separate flex items: the header's "10,000 ETH" stays the only such text. */}
        <span className="portico-muted portico-item-secondary portico-quantity">
          <span>{formatBalance(item.quantity.numeric, locale)}</span>
          <span>{item.symbol}</span>
        </span>
      </span>
      {item.value !== undefined && <span className="portico-item-end">{formatUsd(item.value, locale)}</span>}
    </li>
  );
}

function TokenIcon({ item }: { item: BalanceItem }) {
  const [failed, setFailed] = useState(false);
  if (item.iconUrl && !failed) {
    return (
      <img
        className="portico-wallet-icon portico-token-avatar"
        src={item.iconUrl}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className="portico-wallet-icon portico-token-avatar" aria-hidden="true">
      {initials(item.symbol || item.name)}
    </span>
  );
}

function initials(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 2).toUpperCase() || '?';
}
