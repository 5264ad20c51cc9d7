import { formatFiat } from '@portico/shared-state/onramp-rules';
import type { OnRampState, PorticoViewProps } from '@portico/shared-state';
import { formatHuman } from '@portico/shared-state/amounts';
import { TransactionStatus, useLocale } from '@portico/ui';
import { useOnRampMessages } from '../messages';

/**
 * After the provider's window opened: "Continue in the … window" while the purchase is made there, then, by
 * itself as the API reports the demo provider's session, in progress (the delivering transaction sent),
 * complete (amount, transaction, explorer link) or failed / expired (Try again back to the form). A provider
 * that reports nothing keeps the first screen, which points to Activity.
 */
export function Handoff({ portico, opened, onTryAgain }: PorticoViewProps & { opened: NonNullable<OnRampState['opened']>; onTryAgain(): void }) {
  const t = useOnRampMessages();
  const { locale } = useLocale();
  const { purchase } = opened;
  const back = { label: t('providers.backToAccount'), onClick: () => portico.router.goBack() };
  const proof = { hash: purchase?.txHash, explorerUrl: purchase?.explorerUrl, portico };

  switch (purchase?.status) {
    case 'completed': {
      const { purchaseAmount: got, paymentTotal: paid } = purchase;
      return (
        <TransactionStatus
          phase="success"
          title={t('result.complete')}
          amount={got && `${formatHuman(got.amount, locale)} ${got.currency}`}
          {...proof}
          actions={[{ label: t('status.done'), onClick: back.onClick }]}
        >
          {paid && t('result.paid', { total: formatFiat(paid.amount, paid.currency, locale), provider: opened.provider })}
        </TransactionStatus>
      );
    }
    case 'failed':
    case 'expired':
      return (
        <TransactionStatus
          phase="failed"
          title={purchase.status === 'failed' ? t('result.failed') : t('result.expired')}
          detail={purchase.status === 'failed' ? t('result.failedDetail') : t('result.expiredDetail')}
          {...proof}
          onTryAgain={onTryAgain}
          actions={[{ ...back, secondary: true }]}
        />
      );
    case 'unknown':
      return (
        <TransactionStatus phase="unconfirmed" title={t('result.unknown')} detail={t('providers.openedHint')} actions={[{ ...back, secondary: true }]} />
      );
    default:
      return (
        <>
          <TransactionStatus
            phase="pending"
            title={purchase?.status === 'processing' ? t('result.processing') : t('providers.opened', { provider: opened.provider })}
            detail={purchase ? t('result.movesOn') : t('providers.openedHint')}
            {...proof}
          />
          <button type="button" className="portico-button portico-button-secondary portico-button-block" onClick={back.onClick}>
            {back.label}
          </button>
        </>
      );
  }
}
