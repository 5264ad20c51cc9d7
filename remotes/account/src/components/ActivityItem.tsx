import type { ActivityAsset, ActivityEntry, ActivityKind } from '@portico/shared-state/activity';
import { activityTime } from '@portico/shared-state/activity';
import { formatUsd } from '@portico/shared-state/formatters';
import { networkImageUrl, tokenImageUrl } from '@portico/shared-state/images';
import { useLocale } from '@portico/ui';
import { useId, useState } from 'react';
import { useAccountMessages, type AccountMessages } from '../messages';

/**
 * One Activity row: the asset's icon with the kind and the network as badges, what happened ("Sent 1.5 PUSD"),
 * to or from whom ("to 0x90F7…b906"), and its value and time at the end. Its accessible name is what it says.
 */
export function ActivityItem({ entry, apiUrl }: { entry: ActivityEntry; apiUrl: string | undefined }) {
  const t = useAccountMessages();
  const { locale } = useLocale();
  const id = useId();
  const { title, subtitle } = words(entry, t);
  return (
    <li className="portico-list-item portico-list-item-static" aria-labelledby={`${id}-title${subtitle ? ` ${id}-subtitle` : ''} ${id}-time`}>
      <ActivityVisual entry={entry} apiUrl={apiUrl} />
      <span className="portico-item-text">
        <span id={`${id}-title`} className={entry.kind === 'failed' ? 'portico-error-text' : undefined}>
          {title}
        </span>
        {subtitle && (
          <span id={`${id}-subtitle`} className="portico-muted portico-item-secondary">
            {subtitle}
          </span>
        )}
      </span>
      <span className="portico-item-meta">
        {entry.value !== undefined && <span>{formatUsd(entry.value, locale)}</span>}
        <time id={`${id}-time`} className="portico-muted portico-item-secondary" dateTime={entry.minedAt}>
          {activityTime(entry.minedAt, locale)}
        </time>
      </span>
    </li>
  );
}

function words(entry: ActivityEntry, t: AccountMessages): { title: string; subtitle?: string } {
  const { kind, asset, counterparty: address } = entry;
  const named = asset && entry.more > 0 ? t('activity.andMore', { amount: asset.text, count: entry.more }) : asset?.text;
  switch (kind) {
    case 'sent':
      return { title: t('activity.sent', { asset: named }), subtitle: entry.toSelf ? t('activity.toSelf') : address && t('activity.to', { address }) };
    case 'received':
      return { title: t('activity.received', { asset: named }), subtitle: address && t('activity.from', { address }) };
    case 'minted':
      return { title: t('activity.minted', { asset: named }) };
    case 'swapped':
      return { title: t('activity.swapped', { asset: asset?.text, received: entry.received?.text }) };
    case 'approved':
      return {
        title: entry.unlimited ? t('activity.approvedUnlimited', { symbol: asset?.text }) : t('activity.approved', { asset: named }),
        subtitle: address && t('activity.for', { spender: address }),
      };
    case 'failed':
      return { title: entry.method ? t('activity.failedCall', { call: entry.method }) : t('activity.failedTransaction'), subtitle: address && t('activity.on', { address }) };
    case 'call':
      return { title: entry.method ?? t('activity.call'), subtitle: address && t('activity.on', { address }) };
  }
}

/** The asset's icon (a swap: both, out then in) badged with the kind and the network; the kind alone when nothing moved or an icon did not load. */
function ActivityVisual({ entry, apiUrl }: { entry: ActivityEntry; apiUrl: string | undefined }) {
  const [broken, setBroken] = useState(false);
  const [networkBroken, setNetworkBroken] = useState(false);
  const assets = [entry.asset, entry.received].filter((asset): asset is ActivityAsset => asset !== undefined);
  const icons = broken ? [] : assets.map((asset) => assetImage(asset, apiUrl));
  const shown = icons.length > 0 && icons.every((url) => url !== undefined);
  const network = networkBroken ? undefined : networkImageUrl(apiUrl, entry.chain);
  return (
    <span className={`portico-activity-visual${shown && icons.length > 1 ? ' portico-activity-pair' : ''}`} aria-hidden="true">
      {shown ? (
        <>
          {icons.map((url) => (
            <img key={url} className="portico-activity-asset" src={url} alt="" width={40} height={40} loading="lazy" onError={() => setBroken(true)} />
          ))}
          <span className={`portico-activity-kind portico-activity-${entry.kind}`}>
            <KindIcon kind={entry.kind} />
          </span>
        </>
      ) : (
        <span className={`portico-activity-glyph portico-activity-${entry.kind}`}>
          <KindIcon kind={entry.kind} />
        </span>
      )}
      {network && <img className="portico-activity-network" src={network} alt="" width={16} height={16} loading="lazy" onError={() => setNetworkBroken(true)} />}
    </span>
  );
}

const assetImage = (asset: ActivityAsset, apiUrl: string | undefined) => asset.imageUrl ?? (asset.symbol ? tokenImageUrl(apiUrl, asset.symbol) : undefined);

/** sent ↗, received ↙, minted +, swapped ⇄, approved ✓, a call </>, failed ✕ (16 px, drawn in the text colour). */
const KIND_PATHS: Record<ActivityKind, string> = {
  sent: 'M5 11 11 5M6 5h5v5',
  received: 'M11 5 5 11M5 6v5h5',
  minted: 'M8 3v10M3 8h10',
  swapped: 'M3 5.5h9M9.5 3 12 5.5 9.5 8M13 10.5H4M6.5 8 4 10.5 6.5 13',
  approved: 'M3.5 8.5l3 3 6-7',
  call: 'M5.5 4.5 2 8l3.5 3.5M10.5 4.5 14 8l-3.5 3.5',
  failed: 'M4.5 4.5l7 7M11.5 4.5l-7 7',
};

function KindIcon({ kind }: { kind: ActivityKind }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
      <path d={KIND_PATHS[kind]} />
    </svg>
  );
}
