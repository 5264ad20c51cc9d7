import { sendAtom, type PorticoViewProps } from '@portico/shared-state';
import { AddressText, RoundIcon, TextField } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useSendMessages } from '../messages';
import { problemText } from '../problems';

/** The receiver: an address or a name, checked as it is typed; a resolved name shows its avatar and address. */
export function ReceiverField({ portico }: PorticoViewProps) {
  const send = useAtomValue(sendAtom);
  const t = useSendMessages();
  const name = send.resolvedReceiver && send.receiverProfileName;
  return (
    <div className="portico-receiver">
      <TextField
        label={t('field.receiver')}
        spellCheck={false}
        placeholder={t('field.receiverPlaceholder')}
        value={send.receiverAddress}
        error={problemText(send.receiverError, t, send.receiverAddress)}
        onChange={(receiver) => portico.send.setReceiver(receiver)}
      />
      <div role="status" className="portico-receiver-found">
        {send.receiverResolving && <span className="portico-muted">{t('receiver.resolving')}</span>}
        {name && send.resolvedReceiver && (
          <>
            <RoundIcon src={send.receiverProfileImageUrl} text={name} />
            <span>{name}</span>
            <AddressText value={send.resolvedReceiver} portico={portico} copyLabel={t('receiver.copy')} />
          </>
        )}
      </div>
    </div>
  );
}
