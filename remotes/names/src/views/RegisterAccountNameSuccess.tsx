import { namesAtom, type PorticoViewProps } from '@portico/shared-state';
import { useAtomValue } from 'jotai';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** RegisterAccountNameSuccess (spec section 4): the registered name; Done goes back to Account. */
export default function RegisterAccountNameSuccess({ portico }: PorticoViewProps) {
  const { registeredName } = useAtomValue(namesAtom);
  const done = () => {
    portico.names.reset();
    portico.router.reset('Account');
  };
  return (
    <div className="portico-panel">
      <div role="status" className="portico-stack portico-center">
        <p className="portico-balance" style={{ overflowWrap: 'anywhere' }}>
          {registeredName ?? 'Name registered'}
        </p>
        <p className="portico-muted">{registeredName ? 'is now the name of this account.' : ''}</p>
      </div>
      <button type="button" className="portico-button portico-button-block" onClick={done}>
        Done
      </button>
    </div>
  );
}
