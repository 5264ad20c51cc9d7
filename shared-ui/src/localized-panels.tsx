/**
 * The panels as views get them from the kit: their default words ("Loading…", "Retry") in the modal's locale,
 * and a message or detail in shared state's English (its spec wording) translated. The plain panels
 * (`./panels`) stay free of the kit for the shell's eager code, which passes its own words.
 */
import { sayKnown, useKitMessages, useKitMessagesNow } from './messages';
import {
  ErrorPanel as PlainErrorPanel,
  LoadingPanel as PlainLoadingPanel,
  SkeletonRows as PlainSkeletonRows,
  type ErrorPanelProps,
  type SkeletonRowsProps,
} from './panels';

/**
 * A polite loading line with the spinner (`role="status"`). It never suspends (it is a Suspense fallback): its
 * default label is English until the kit's catalogue for the locale has arrived.
 *
 * @example
 * if (tokens.loading) return <LoadingPanel label={t('tokens.loading')} />;
 */
export function LoadingPanel({ label }: { label?: string }) {
  const t = useKitMessagesNow();
  return <PlainLoadingPanel label={label ?? t('loading')} />;
}

/**
 * Placeholder rows of a list's final size while it loads (a busy list, the label its status); see `./panels`. Like
 * `LoadingPanel` it never suspends.
 *
 * @example
 * if (wallets.loading) return <SkeletonRows rows={6} label={t('wallets.loading')} />;
 */
export function SkeletonRows({ label, ...rows }: SkeletonRowsProps) {
  const t = useKitMessagesNow();
  return <PlainSkeletonRows {...rows} label={label ?? t('loading')} />;
}

/**
 * A visible error (`role="alert"`) with an optional Retry button; see `./panels`.
 *
 * @example
 * <ErrorPanel message={t('nfts.failed')} detail={nfts.error} onRetry={() => void portico.accountData.refreshNfts()} />
 */
export function ErrorPanel({ message, detail, retryLabel, onRetry }: ErrorPanelProps) {
  const t = useKitMessages();
  const say = sayKnown(t);
  return <PlainErrorPanel message={say(message)} detail={detail && say(detail)} onRetry={onRetry} retryLabel={retryLabel ?? t('retry')} />;
}
