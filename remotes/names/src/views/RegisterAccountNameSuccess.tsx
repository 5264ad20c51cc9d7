import { namesAtom, type PorticoViewProps } from '@portico/shared-state';
import { TransactionStatus } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { Fragment } from 'react';
import { useNamesMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** RegisterAccountNameSuccess (spec section 4): the registered name; Done goes back to Account. */
export default function RegisterAccountNameSuccess({ portico }: PorticoViewProps) {
  const { registeredName } = useAtomValue(namesAtom);
  const t = useNamesMessages();
  const done = () => {
    portico.names.reset();
    portico.router.reset('Account');
  };
  return (
    // A long name wraps after its dots (alice. / portico.eth), and anywhere only when a label alone is too long
    // (.portico-registered-name in the kit's onramp-names sheet).
    <div className="portico-registered-name">
      <TransactionStatus
        phase="success"
        title={registeredName ? breakingAtDots(registeredName) : t('success.fallbackTitle')}
        actions={[{ label: t('success.done'), onClick: done }]}
      >
        {registeredName && t('success.detail')}
      </TransactionStatus>
    </div>
  );
}

/** The name with a line-break opportunity after each dot (`<wbr>`: nothing is added to its text). */
function breakingAtDots(name: string) {
  return name.split('.').map((label, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <>
          .<wbr />
        </>
      )}
      {label}
    </Fragment>
  ));
}
