import { ListItem, RoundIcon } from '@portico/ui';
import type { OnRampProvider } from '@portico/shared-state';
import { useId } from 'react';
import { useOnRampMessages } from '../messages';

/**
 * A provider's logo: the API's demo provider (Portico Pay) has its mark drawn here, a portico's pediment and
 * columns; a configured provider, which the API sends without artwork, its monogram. Decorative: the name
 * is beside it. Could move to the UI kit with the other brand artwork.
 */
function ProviderLogo({ provider }: { provider: OnRampProvider }) {
  const gradient = useId();
  if (provider.name !== 'portico-demo') return <RoundIcon text={provider.label} size={40} />;
  return (
    <svg className="portico-wallet-icon" viewBox="0 0 40 40" width={40} height={40} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6d5dfc" />
          <stop offset="1" stopColor="#2f80ed" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="10" fill={`url(#${gradient})`} />
      <g fill="#fff">
        <path d="M20 8 31 15H9z" />
        <rect x="11" y="17" width="3" height="11" rx="1" />
        <rect x="18.5" y="17" width="3" height="11" rx="1" />
        <rect x="26" y="17" width="3" height="11" rx="1" />
        <rect x="9" y="29.5" width="22" height="2.5" rx="1" />
      </g>
    </svg>
  );
}

/**
 * A provider as a card button: logo, name and fee range ("Portico Pay (demo) Fees 1-2%": the fees tell the
 * providers apart), and an announced tag when given ("Change provider" on the chosen one).
 */
export function ProviderCard({ provider, tag, onClick }: { provider: OnRampProvider; tag?: string; onClick(): void }) {
  const t = useOnRampMessages();
  return (
    <ListItem icon={<ProviderLogo provider={provider} />} tag={tag} tagAnnounced tagMuted onClick={onClick}>
      <span className="portico-token-row-names">
        <span>{provider.label}</span> <span className="portico-muted">{t('providers.fees', { range: provider.feeRange })}</span>
      </span>
    </ListItem>
  );
}
