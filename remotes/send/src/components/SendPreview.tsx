import { activeNetworkAtom, sendAtom, shortenAddress, type PorticoViewProps } from '@portico/shared-state';
import { DetailList, useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useSendMessages } from '../messages';
import { formatFee } from '../tokens';

/** What will be sent (token, amount, receiver, network, network fee) before the wallet is asked. */
export function SendPreview({ portico }: PorticoViewProps) {
  const network = useAtomValue(activeNetworkAtom);
  const send = useAtomValue(sendAtom);
  const t = useSendMessages();
  const { locale } = useLocale();
  const receiver = send.receiverAddress.trim();
  const symbol = send.token?.symbol ?? network?.nativeCurrency.symbol ?? '';
  const feeSymbol = network?.nativeCurrency.symbol ?? '';
  return (
    <div className="portico-stack">
      <p className="portico-muted">{t('preview.review')}</p>
      <DetailList
        rows={[
          { term: t('field.token'), detail: symbol },
          { term: t('field.amount'), detail: `${send.sendTokenAmount} ${symbol}` },
          { term: t('preview.to'), detail: shortenAddress(receiver), exact: receiver },
          { term: t('preview.network'), detail: network?.name ?? '' },
          { term: t('preview.fee'), detail: send.fee !== undefined ? `${formatFee(send.fee, locale)} ${feeSymbol}`.trim() : '—' },
        ]}
      />
      <button type="button" className="portico-button portico-button-block" onClick={() => void portico.send.send()}>
        {t('preview.send')}
      </button>
      <button type="button" className="portico-button portico-button-secondary portico-button-block" onClick={() => portico.send.edit()}>
        {t('preview.edit')}
      </button>
    </div>
  );
}
