import { activeNetworkAtom, sendAtom, type PorticoViewProps } from '@portico/shared-state';
import { formatExact, formatHuman } from '@portico/shared-state/amounts';
import { AddressText, DetailList, RoundIcon, useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useSendMessages } from '../messages';
import { tokenIcon } from '../tokens';

/** Review before the wallet is asked: the amount large with its token, then receiver, network and network fee. */
export function SendPreview({ portico }: PorticoViewProps) {
  const network = useAtomValue(activeNetworkAtom);
  const send = useAtomValue(sendAtom);
  const t = useSendMessages();
  const { locale } = useLocale();
  const receiver = send.resolvedReceiver ?? send.receiverAddress.trim();
  const name = send.resolvedReceiver ? send.receiverProfileName : undefined;
  const symbol = send.token?.symbol ?? network?.nativeCurrency.symbol ?? '';
  const feeSymbol = network?.nativeCurrency.symbol ?? '';
  return (
    <div className="portico-tx">
      <div className="portico-review-amount">
        <RoundIcon src={send.token && tokenIcon(send.token, portico.options.apiUrl)} text={symbol} size={48} />
        <p>{`${formatExact(send.sendTokenAmount, locale)} ${symbol}`}</p>
      </div>
      <DetailList
        label={t('preview.review')}
        rows={[
          { term: t('preview.to'), detail: <Receiver name={name} address={receiver} portico={portico} /> },
          { term: t('preview.network'), detail: network?.name ?? '' },
          { term: t('preview.fee'), detail: send.fee !== undefined ? `${formatHuman(send.fee, locale)} ${feeSymbol}`.trim() : '—', exact: send.fee },
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

function Receiver({ name, address, portico }: { name?: string; address: string } & PorticoViewProps) {
  return name ? (
    <span className="portico-stack">
      <span>{name}</span>
      <AddressText value={address} />
    </span>
  ) : (
    <AddressText value={address} portico={portico} />
  );
}
